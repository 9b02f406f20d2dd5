import { IDBFactory } from 'fake-indexeddb';
import { createLocalSnapshots } from '../../src/adapters/storage';
import { newChat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src/i18n';
import type { DataServices } from '../../src/features/data/data-services';
import { DataScreens } from '../../src/features/data/DataScreens';

/** Settings > Data > Recover lost data over a memory store; `ids` gives recovered copies their ids. */
function setup() {
  const clock = new FakeClock('2024-06-10T12:00:00.000Z');
  const store = createMemoryStore({ clock, ids: new SequentialIdGenerator('s') });
  const services: DataServices = {
    store,
    clock,
    ids: new SequentialIdGenerator('copy-'),
    dumpAllLocalData: vi.fn(async () => ({ text: '{}', bytes: 2 })),
    clearAllLocalData: vi.fn(async () => {}),
    estimateStorage: vi.fn(async () => undefined),
    lostDataSources: () => ({}),
    saveFile: vi.fn(),
    reload: vi.fn(),
    snapshots: createLocalSnapshots({ indexedDB: new IDBFactory(), clock, inProcess: true }),
    persisted: vi.fn(async () => false),
    persist: vi.fn(async () => true),
  };
  const view = () =>
    render(
      <I18nextProvider i18n={createI18n()}>
        <DataScreens services={services} initial="recover" />
      </I18nextProvider>,
    );
  return { store, clock, view };
}

const summaries = async (store: ReturnType<typeof setup>['store']) =>
  (await store.chats.listSummaries({ includeDeleted: true })).map((s) => [s.id, s.title, s.deletedAt]);

describe('Recover lost data: deleted chats (RC9, SC22)', () => {
  it('RC9 SC22 a chat whose deletion already synced comes back as a copy under a new id', async () => {
    const { store, clock, view } = setup();
    const chat = await store.chats.put(newChat({ chatTitle: 'Holiday plans' }, { clock, ids: new SequentialIdGenerator('h') }));
    await store.chats.delete(chat.id);
    // The sync that carried the deletion marked the tombstone synced.
    await store.chats.update(chat.id, (deleted) => ({ ...deleted, syncedAt: deleted.deletedAt }), { touch: false });
    clock.advance(86_400_000);
    view();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore Holiday plans' }));
    expect(await screen.findByText('Nothing to recover')).toBeTruthy();
    expect(await summaries(store)).toEqual([['ch-copy-1', 'Holiday plans', null]]);
  });
});
