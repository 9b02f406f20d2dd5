import { IDBFactory } from 'fake-indexeddb';
import { createLocalSnapshots } from '../../src/adapters/storage';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { newChat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore, LEGACY_KEYS } from '@parley/core/storage';
import type { LostDataSources } from '@parley/core/storage';
import type { DataServices } from '../../src/features/data/data-services';
import { DataScreens } from '../../src/features/data/DataScreens';
import { createI18n } from '../../src/i18n';
import { memoryStorage } from '../support/memory-storage';

function setup(sources: LostDataSources = {}) {
  const clock = new FakeClock('2024-06-10T12:00:00.000Z');
  const ids = new SequentialIdGenerator('d');
  const store = createMemoryStore({ clock, ids });
  const services: DataServices = {
    store,
    clock,
    dumpAllLocalData: vi.fn(async () => ({ text: '{"localStorage":{}}', bytes: 19 })),
    clearAllLocalData: vi.fn(async () => {}),
    estimateStorage: vi.fn(async () => ({ usage: 5 * 1024 * 1024, quota: 1024 * 1024 * 1024 })),
    lostDataSources: () => sources,
    saveFile: vi.fn(),
    reload: vi.fn(),
    snapshots: createLocalSnapshots({ indexedDB: new IDBFactory(), clock, inProcess: true }),
    persisted: vi.fn(async () => false),
    persist: vi.fn(async () => true),
  };
  const chat = (title: string) => newChat({ chatTitle: title }, { clock, ids });
  const view = (initial?: 'overview' | 'recover' | 'clear') =>
    render(
      <I18nextProvider i18n={createI18n()}>
        <DataScreens services={services} initial={initial} />
      </I18nextProvider>,
    );
  return { services, store, clock, chat, view, user: userEvent.setup() };
}

describe('Settings > Data', () => {
  it('shows where the data is kept, how much is used and how many chats there are', async () => {
    const { store, chat, view } = setup();
    await store.chats.putMany([chat('One'), chat('Two')]);
    view();
    expect(screen.getByRole('heading', { name: 'Data on this device' })).toBeTruthy();
    expect(await screen.findByText('5 MB of 1 GB available')).toBeTruthy();
    expect(screen.getByText('Memory only')).toBeTruthy();
    expect(screen.getByText(/chats are lost when this tab is closed/)).toBeTruthy();
    expect(await screen.findByText('2')).toBeTruthy();
  });

  it('says whether the browser keeps the data, and asks it to when the user wants', async () => {
    const { services, view, user } = setup();
    services.store = { ...services.store, backend: 'indexeddb' };
    view();
    expect(await screen.findByText(/Not guaranteed: the browser may clear it/)).toBeTruthy();
    expect(screen.getByText(/· 1019 MB free/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ask the browser to keep it' }));
    expect(await screen.findByText(/Yes: the browser will not clear it/)).toBeTruthy();
    expect(services.persist).toHaveBeenCalledTimes(1);
  });

  it('Download a backup saves the raw dump as a dated .json file', async () => {
    const { services, view, user } = setup();
    view();
    await user.click(screen.getByRole('button', { name: 'Download a backup' }));
    await waitFor(() =>
      expect(services.saveFile).toHaveBeenCalledWith(
        'parley-backup-2024-06-10T12-00-00.json',
        '{"localStorage":{}}',
      ),
    );
  });
});

describe('Clear all storage (spec section 4: button, confirmation, clear and reload)', () => {
  it('says what will be deleted and clears only after the confirm word is typed, then reloads', async () => {
    const { services, store, chat, view, user } = setup();
    await store.chats.put(chat('Keep me?'));
    const close = vi.spyOn(store, 'close');
    view();
    await user.click(screen.getByRole('button', { name: /Clear all storage/ }));
    expect(await screen.findByText(/This permanently deletes/)).toBeTruthy();
    expect(await screen.findByText('1 chat, with its messages and attachments')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Clear all storage' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Type "delete" to confirm'), 'delet');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Type "delete" to confirm'), 'e{Enter}');
    await waitFor(() => expect(services.reload).toHaveBeenCalledOnce());
    expect(close).toHaveBeenCalled();
    expect(services.clearAllLocalData).toHaveBeenCalledOnce();
  });

  it('Back returns to the overview without clearing anything', async () => {
    const { services, view, user } = setup();
    view('clear');
    await user.click(screen.getByRole('button', { name: 'Back to Data' }));
    expect(screen.getByRole('heading', { name: 'Data on this device' })).toBeTruthy();
    expect(services.clearAllLocalData).not.toHaveBeenCalled();
  });
});

describe('Recover lost data', () => {
  it('RC5 RC9 lists a recently deleted chat and restores it', async () => {
    const { store, chat, clock, view, user } = setup();
    const gone = await store.chats.put(chat('Holiday plans'));
    await store.chats.delete(gone.id);
    clock.advance(2 * 86_400_000);
    view('recover');
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Holiday plans')).toBeTruthy();
    expect(within(list).getByText(/Deleted · 0 messages · deleted 2 days ago/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restore Holiday plans' }));
    expect(await screen.findByText('Nothing to recover')).toBeTruthy();
    expect((await store.chats.listSummaries()).map((s) => s.title)).toEqual(['Holiday plans']);
  });

  it('RC2 RC6 Restore all brings back old-format chats and keeps what the app holds newer', async () => {
    const legacy = memoryStorage({
      [LEGACY_KEYS.chats]: JSON.stringify([
        { chatID: 'ch-a', chatTitle: 'From an old tab', updatedAt: '2024-06-01T00:00:00.000Z', messages: [] },
        { chatID: 'ch-b', chatTitle: 'Also old', updatedAt: '2024-05-01T00:00:00.000Z', messages: [] },
      ]),
    });
    const { store, chat, view, user } = setup({ legacy });
    await store.chats.putMany([{ ...chat('Newer here'), id: 'ch-b', chatID: 'ch-b', updatedAt: '2024-06-05T00:00:00.000Z' }]);
    view('recover');
    expect(await screen.findByText('Found 1 item that the app does not show.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restore 1 item' }));
    expect(await screen.findByText('Nothing to recover')).toBeTruthy();
    expect((await store.chats.listSummaries()).map((s) => s.title)).toEqual(['Newer here', 'From an old tab']);
  });
});
