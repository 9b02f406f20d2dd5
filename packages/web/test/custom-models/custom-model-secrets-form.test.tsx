import { syncedSetting } from '@parley/core/entities';
import { CustomModelSchema, customSecretId } from '@parley/core/models';
import type { StoragePort } from '@parley/core/storage';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEY_VAULT_STORAGE_KEY } from '../../src/adapters/storage';
import { keyVaultStore } from '../support/test-app-state';
import { CustomSecretMigration } from '../../src/features/custom-models/use-custom-secret-migration';
import { CustomModelsSection } from '../../src/features/custom-models/CustomModelsSection';
import { renderWithChat } from '../chat/render-chat';

const SECRET = 'Bearer sk-PLAINTEXT-form-secret-0b7e';
const customModels = syncedSetting('customModels');
const AUTH = (modelId: string) => customSecretId(modelId, 'header', 'Authorization');

const storedModel = (id: string, authorization: string) =>
  CustomModelSchema.parse({
    id,
    title: `Model ${id}`,
    modelID: 'llama3.1:8b',
    endpoint: 'http://127.0.0.1:11434/v1/chat/completions',
    headerRows: [
      { key: 'Authorization', value: authorization },
      { key: 'X-Title', value: 'Parley' },
    ],
  });

async function renderSection(models: ReturnType<typeof storedModel>[] = []) {
  // As in the app: the migration is mounted app-wide, beside Settings.
  const view = renderWithChat(
    <>
      <CustomSecretMigration />
      <CustomModelsSection />
    </>,
  );
  if (models.length > 0) await view.store.settings.set(customModels, models);
  return view;
}

const storedModels = (store: StoragePort) => store.settings.get(customModels);

afterEach(() => {
  vi.restoreAllMocks();
  keyVaultStore.getState().forgetKeys();
  localStorage.clear();
});

describe('custom model form: secret rows stay in the key vault', { timeout: 60_000 }, () => {
  it('saving puts the Authorization value in the vault and an empty value in the synced model', async () => {
    const user = userEvent.setup();
    const { store } = await renderSection();
    await user.click(screen.getByRole('button', { name: 'Add custom model' }));
    await user.type(screen.getByLabelText('Model ID'), 'llama3.1:8b');
    await user.type(screen.getByLabelText('Endpoint'), 'http://127.0.0.1:11434/v1/chat/completions');
    await user.click(screen.getByRole('button', { name: 'Add header' }));
    await user.type(screen.getByLabelText('Headers row 1 key'), 'Authorization');
    const value = screen.getByLabelText('Headers row 1 value');
    expect(value).toHaveProperty('type', 'password');
    await user.type(value, SECRET);
    expect(screen.getByText(/stay on this device: they are not synced/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save model' }));

    await waitFor(async () => expect(await storedModels(store)).toHaveLength(1));
    const [saved] = await storedModels(store);
    expect(saved?.headerRows).toEqual([{ key: 'Authorization', value: '' }]);
    expect(keyVaultStore.getState().secrets).toEqual({ [AUTH(saved!.id)]: SECRET });
    expect(JSON.stringify(await store.settings.entries())).not.toContain(SECRET);
    // Back on the list, focus is on "Add custom model", not lost to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add custom model' })),
    );
  });

  it('with a password, the saved value is sealed: localStorage holds no plaintext', async () => {
    const user = userEvent.setup();
    await keyVaultStore.getState().setPassword('hunter22');
    const { store } = await renderSection([storedModel('custom-a', '')]);
    await user.click(await screen.findByRole('button', { name: 'Edit Model custom-a' }));
    await user.type(screen.getByLabelText('Headers row 1 value'), SECRET);
    await user.click(screen.getByRole('button', { name: 'Save model' }));
    await waitFor(() => expect(keyVaultStore.getState().secrets[AUTH('custom-a')]).toBe(SECRET));
    const everything = JSON.stringify({ ...localStorage });
    expect(everything).toContain(KEY_VAULT_STORAGE_KEY);
    expect(everything).not.toContain(SECRET);
    expect(JSON.stringify(await store.settings.entries())).not.toContain(SECRET);
  });

  it('editing shows the value from the vault, masked until Show is pressed', async () => {
    const user = userEvent.setup();
    await keyVaultStore.getState().updateCustomSecrets(() => ({ [AUTH('custom-a')]: SECRET }));
    await renderSection([storedModel('custom-a', '')]);
    await user.click(await screen.findByRole('button', { name: 'Edit Model custom-a' }));
    const value = screen.getByLabelText('Headers row 1 value');
    expect(value).toHaveProperty('value', SECRET);
    expect(value).toHaveProperty('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show Headers row 1 value' }));
    expect(value).toHaveProperty('type', 'text');
    // A row that is not a secret stays a plain input.
    expect(screen.getByLabelText('Headers row 2 value')).toHaveProperty('type', 'text');
    expect(screen.queryByText(/Secrets stay on the device where they were entered/)).toBeNull();
  });

  it('a masked value stays masked while its name is edited (Show still reveals it)', async () => {
    const user = userEvent.setup();
    await keyVaultStore.getState().updateCustomSecrets(() => ({ [AUTH('custom-a')]: SECRET }));
    await renderSection([storedModel('custom-a', '')]);
    await user.click(await screen.findByRole('button', { name: 'Edit Model custom-a' }));
    const key = screen.getByLabelText('Headers row 1 key');
    await user.type(key, '{Backspace}');
    expect(key).toHaveProperty('value', 'Authorizatio');
    const value = screen.getByLabelText('Headers row 1 value');
    expect(value).toHaveProperty('value', SECRET);
    expect(value).toHaveProperty('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show Headers row 1 value' }));
    expect(screen.getByLabelText('Headers row 1 value')).toHaveProperty('type', 'text');

    // A row that became a secret while typing stays masked too; the rows after a removed one keep theirs.
    await user.click(screen.getByRole('button', { name: 'Add header' }));
    const newKey = screen.getByLabelText('Headers row 3 key');
    await user.type(newKey, 'X-Api-Key');
    await user.type(screen.getByLabelText('Headers row 3 value'), 'sk-typed');
    await user.clear(newKey);
    await user.type(newKey, 'X-Api');
    expect(screen.getByLabelText('Headers row 3 value')).toHaveProperty('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Remove Headers row 2' }));
    expect(screen.getByLabelText('Headers row 2 key')).toHaveProperty('value', 'X-Api');
    expect(screen.getByLabelText('Headers row 2 value')).toHaveProperty('type', 'password');
  });

  it('a secret entered on another device shows a hint until it is entered here', async () => {
    const user = userEvent.setup();
    const { store } = await renderSection([storedModel('custom-a', '')]);
    await user.click(await screen.findByRole('button', { name: 'Edit Model custom-a' }));
    const value = screen.getByLabelText('Headers row 1 value');
    expect(value).toHaveProperty('value', '');
    const hint = screen.getByText(/Secrets stay on the device where they were entered/);
    expect(value.getAttribute('aria-describedby')).toBe(hint.id);

    await user.type(value, SECRET);
    expect(screen.queryByText(/Secrets stay on the device where they were entered/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save model' }));
    await waitFor(() => expect(keyVaultStore.getState().secrets[AUTH('custom-a')]).toBe(SECRET));
    expect((await storedModels(store))[0]?.headerRows?.[0]).toEqual({ key: 'Authorization', value: '' });
  });

  it('a failed settings save keeps the secret of a renamed row; the next save drops the old id', async () => {
    const user = userEvent.setup();
    const API_KEY = customSecretId('custom-a', 'header', 'X-Api-Key');
    await keyVaultStore.getState().updateCustomSecrets(() => ({ [AUTH('custom-a')]: SECRET }));
    const { store } = await renderSection([storedModel('custom-a', '')]);
    await user.click(await screen.findByRole('button', { name: 'Edit Model custom-a' }));
    const key = screen.getByLabelText('Headers row 1 key');
    await user.clear(key);
    await user.type(key, 'X-Api-Key');
    const set = vi.spyOn(store.settings, 'set').mockRejectedValueOnce(new Error('disk full'));
    await user.click(screen.getByRole('button', { name: 'Save model' }));

    await waitFor(() => expect(set).toHaveBeenCalledTimes(1));
    // The form stays open for another try.
    expect(screen.getByRole('button', { name: 'Save model' })).toBeTruthy();
    expect((await storedModels(store))[0]?.headerRows?.[0]?.key).toBe('Authorization');
    expect(keyVaultStore.getState().secrets[AUTH('custom-a')]).toBe(SECRET);

    await user.click(screen.getByRole('button', { name: 'Save model' }));
    await waitFor(() => expect(keyVaultStore.getState().secrets).toEqual({ [API_KEY]: SECRET }));
    expect((await storedModels(store))[0]?.headerRows?.[0]).toEqual({ key: 'X-Api-Key', value: '' });
  });

  it('deleting a model deletes its secrets and keeps the others', async () => {
    const user = userEvent.setup();
    await keyVaultStore
      .getState()
      .updateCustomSecrets(() => ({ [AUTH('custom-a')]: SECRET, [AUTH('custom-b')]: 'Bearer other' }));
    const { store } = await renderSection([storedModel('custom-a', ''), storedModel('custom-b', '')]);
    await user.click(await screen.findByRole('button', { name: 'Delete Model custom-a' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete custom model?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete model' }));
    await waitFor(() =>
      expect(keyVaultStore.getState().secrets).toEqual({ [AUTH('custom-b')]: 'Bearer other' }),
    );
    expect((await storedModels(store)).map((model) => model.id)).toEqual(['custom-b']);
  });

  it('a model synced with its secret in the settings is moved to the vault when the list opens', async () => {
    const { store } = await renderSection([storedModel('custom-a', SECRET)]);
    await waitFor(() => expect(keyVaultStore.getState().secrets[AUTH('custom-a')]).toBe(SECRET));
    await waitFor(async () => expect((await storedModels(store))[0]?.headerRows?.[0]?.value).toBe(''));
    expect(JSON.stringify(await store.settings.entries())).not.toContain(SECRET);
  });
});
