import { parsePlugin, syncedSetting } from '@parley/core/entities';
import { pluginSecretId } from '@parley/core/plugins';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PluginsScreen from '../../src/features/plugins/PluginsScreen';
import { usePluginsDialog } from '../../src/features/plugins/plugins-dialog-store';
import { useFeatureFlags } from '../../src/features/license/feature-flags-store';
import { PluginsLink } from '../../src/features/plugins/PluginsLink';
import { notify } from '../../src/features/toasts/notify';
import { renderWithChat } from '../chat/render-chat';
import { installTestLicense } from '../license/testing/license-test-kit';
import { keyVaultStore } from '../support/test-app-state';

const SECRET = 'plugin-PLAINTEXT-secret-77a1';
const now = '2024-05-03T12:00:00.000Z';

function plugin(n: number, fields: Record<string, unknown> = {}) {
  return parsePlugin({
    id: `p${n}`,
    title: `Plugin ${n}`,
    createdAt: `2024-05-0${n}T00:00:00.000Z`,
    updatedAt: now,
    openaiSpec: { name: `fn_${n}`, description: 'd' },
    code: `function fn_${n}() {}`,
    ...fields,
  });
}

async function renderScreen(plugins: ReturnType<typeof plugin>[]) {
  const view = renderWithChat(<PluginsScreen />);
  for (const p of plugins) await view.store.plugins.put(p);
  return view;
}

afterEach(() => {
  vi.restoreAllMocks();
  usePluginsDialog.getState().close();
  useFeatureFlags.getState().setFlags({});
  keyVaultStore.getState().forgetKeys();
  localStorage.clear();
});

describe('Plugins screen', { timeout: 60_000 }, () => {
  it('PL23 without Premium a fourth plugin is not switched on: the license sentence and the limit', async () => {
    await installTestLicense('extended');
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup();
    const { store } = await renderScreen([plugin(1), plugin(2), plugin(3), plugin(4, { enabled: false })]);
    const fourth = await screen.findByRole('switch', { name: 'Enable Plugin 4' });
    expect(screen.getByText("3 of 3 enabled (your plan's limit)")).toBeTruthy();
    await user.click(fourth);
    expect(error).toHaveBeenCalledWith(
      'This feature is not available for your current plan. Without Premium, at most 3 plugins can be enabled at once.',
    );
    expect((await store.plugins.get('p4'))?.enabled).toBe(false);
    expect(fourth.getAttribute('aria-checked')).toBe('false');
  });

  it('PL23 with Premium any number can be enabled', async () => {
    await installTestLicense('premium');
    const user = userEvent.setup();
    const { store } = await renderScreen([plugin(1), plugin(2), plugin(3), plugin(4, { enabled: false })]);
    await user.click(await screen.findByRole('switch', { name: 'Enable Plugin 4' }));
    await waitFor(async () => expect((await store.plugins.get('p4'))?.enabled).toBe(true));
  });

  it('PL22 the settings form keeps a password in the key vault and the rest in synced settings', async () => {
    await installTestLicense();
    const user = userEvent.setup();
    const withSettings = plugin(1, {
      userSettings: [
        { name: 'region', label: 'Region', type: 'enum', values: ['eu', 'us'] },
        { name: 'apiKey', label: 'API key', type: 'password', required: true, placeholder: 'sk-…' },
      ],
    });
    const { store } = await renderScreen([withSettings]);
    const row = await screen.findByRole('listitem', { name: 'Plugin 1' });
    expect(within(row).getByText('Needs settings: API key')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Settings of Plugin 1' }));
    const key = screen.getByLabelText('API key (required)');
    expect(key).toHaveProperty('type', 'password');
    expect(key.getAttribute('placeholder')).toBe('sk-…');
    await user.type(key, SECRET);
    await user.selectOptions(screen.getByLabelText('Region'), 'us');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const row2 = await screen.findByRole('listitem', { name: 'Plugin 1' });
    await waitFor(() => expect(within(row2).getByText('Enabled')).toBeTruthy());
    expect(keyVaultStore.getState().secrets).toEqual({ [pluginSecretId('p1', 'apiKey')]: SECRET });
    expect(await store.settings.get(syncedSetting('userPluginSettings'))).toEqual({ p1: { region: 'us' } });
    expect(JSON.stringify(await store.settings.entries())).not.toContain(SECRET);
  });

  it('flags: addNewPlugins off hides import, create and edit; usePlugins off hides the way in', async () => {
    await installTestLicense();
    useFeatureFlags.getState().setFlags({ addNewPlugins: false });
    await renderScreen([plugin(1)]);
    const row = await screen.findByRole('listitem', { name: 'Plugin 1' });
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New plugin' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Edit Plugin 1' })).toBeNull();
    expect(within(row).getByRole('switch', { name: 'Enable Plugin 1' })).toBeTruthy();

    useFeatureFlags.getState().setFlags({ usePlugins: false });
    const link = renderWithChat(<PluginsLink />);
    expect(link.container.textContent).toBe('');
  });
});
