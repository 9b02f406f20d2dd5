import {
  parseChat,
  parseFolder,
  parseMemoryEntry,
  parseUserProfile,
  syncedSetting,
  type Chat,
} from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore, type StoragePort } from '@parley/core/storage';
import { deleteMessage, visibleMessages } from '@parley/core/sync';
import { SyncEngine, type SyncHttpRequest, type SyncTransport } from '@parley/core/sync-client';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/app';
import { forEachDatabase } from './db-harness';
import { syncTestApp, type SyncTestApp } from './sync-test-kit';

/**
 * The client engine of core (`@parley/core/sync-client`) against the real server: two in-memory
 * stores play two browsers of one user, their transport is `app.request` on a SQLite database.
 */
function appTransport(kit: SyncTestApp, token: string, faults: { failNext?: 'before' | 'after' } = {}) {
  const requests: SyncHttpRequest[] = [];
  const transport: SyncTransport = {
    async send(request) {
      requests.push(request);
      const fault = request.path === '/api/sync' ? faults.failNext : undefined;
      if (fault === 'before') {
        faults.failNext = undefined;
        throw new TypeError('Failed to fetch');
      }
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const env = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };
      const res = await kit.app.request(
        request.path,
        { method: request.method, headers, body: request.body },
        env,
      );
      const text = await res.text();
      // The server did the work, but the answer never arrives (connection cut on the way back).
      if (fault === 'after') {
        faults.failNext = undefined;
        throw new TypeError('network connection was lost');
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: res.status, body };
    },
  };
  return { transport, requests };
}

function device(kit: SyncTestApp, token: string, name: string) {
  const clock = new FakeClock('2026-03-01T09:00:00.000Z');
  const store = createMemoryStore({ clock, ids: new SequentialIdGenerator(name) });
  const faults: { failNext?: 'before' | 'after' } = {};
  const { transport, requests } = appTransport(kit, token, faults);
  const reported: unknown[] = [];
  const engine = new SyncEngine({
    store,
    transport,
    scheduler: { schedule: () => () => {} },
    availability: { isActive: () => true, syncsAttachments: () => false },
    report: (error) => reported.push(error),
  });
  return {
    store,
    engine,
    faults,
    requests,
    reported,
    /** Every edit on this device happens a little later than the last one anywhere. */
    tick: () => clock.advance(1000),
    sync: async () => {
      const snapshot = await engine.syncNow();
      expect(snapshot.failure).toBeNull();
      kit.clock.now += 1000;
    },
  };
}

/** What the user sees: live chats with their visible messages, folders and one setting. */
async function view(store: StoragePort) {
  const chats = await store.chats.list();
  return {
    chats: chats
      .map((chat: Chat) => ({
        id: chat.id,
        title: chat.chatTitle,
        folderID: chat.folderID,
        messages: visibleMessages(chat.messages).map((message) => `${message.id}:${String(message.content)}`),
      }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    folders: (await store.folders.list()).map((folder) => `${folder.id}:${folder.title}`).sort(),
    fontSize: await store.settings.get(syncedSetting('fontSize')),
  };
}

const message = (id: string, content: string, createdAt: string) => ({
  id,
  role: 'user' as const,
  content,
  createdAt,
  updatedAt: createdAt,
});

async function twoDevices(t: { database(): Parameters<typeof syncTestApp>[0] }, sync?: AppDeps['sync']) {
  const kit = syncTestApp(t.database(), sync);
  const { token } = await kit.signup('ada@example.com');
  const laptop = device(kit, token, 'laptop');
  const phone = device(kit, await kit.login('ada@example.com'), 'phone');
  return { kit, laptop, phone };
}

describe('sync client against the real server', () => {
  forEachDatabase((t) => {
    it('SC13 SC14 MG1 MG5 edits, appends, moves and deletes on two devices converge; nothing is lost or resurrected', async () => {
      const { laptop, phone } = await twoDevices(t);
      await laptop.store.chats.put(
        parseChat({ id: 'ch-1', messages: [message('m1', 'hello', '2026-03-01T09:00:01.000Z')] }),
      );
      await laptop.store.chats.put(parseChat({ id: 'ch-2', chatTitle: 'Second' }));
      await laptop.store.folders.put(parseFolder({ id: 'f-1', title: 'Work' }));
      await laptop.sync();
      await phone.sync();
      expect(await view(phone.store)).toEqual(await view(laptop.store));
      await phone.store.chats.put(parseChat({ id: 'ch-3', chatTitle: 'From phone' }));
      await phone.sync();
      await laptop.sync();

      // Offline on both: each changes the same things differently.
      laptop.tick();
      await laptop.store.chats.update('ch-1', (chat) => ({
        ...chat,
        messages: [...chat.messages, message('m2', 'from laptop', '2026-03-01T09:01:00.000Z')],
      }));
      await laptop.store.chats.delete('ch-3');
      await laptop.store.folders.put({ ...(await laptop.store.folders.get('f-1'))!, title: 'Work stuff' });
      await laptop.store.settings.set(syncedSetting('fontSize'), 'large');
      phone.tick();
      phone.tick();
      await phone.store.chats.update('ch-1', (chat) => ({
        ...chat,
        chatTitle: 'Renamed on phone',
        messages: [
          ...chat.messages.map((m) => (m.id === 'm1' ? deleteMessage(m, '2026-03-01T09:02:00.000Z') : m)),
          message('m3', 'from phone', '2026-03-01T09:02:00.000Z'),
        ],
      }));
      await phone.store.chats.update('ch-2', (chat) => ({ ...chat, folderID: 'f-1' }));
      await phone.store.chats.update('ch-3', (chat) => ({ ...chat, chatTitle: 'Edited after the delete' }));
      await phone.store.chats.put(parseChat({ id: 'ch-4', chatTitle: 'New on phone' }));

      await laptop.sync();
      await phone.sync();
      await laptop.sync();
      const seen = await view(laptop.store);
      expect(await view(phone.store)).toEqual(seen);
      expect(seen.chats.map((chat) => chat.id)).toEqual(['ch-1', 'ch-2', 'ch-4']);
      expect(seen.chats[0]).toEqual({
        id: 'ch-1',
        title: 'Renamed on phone',
        folderID: null,
        messages: ['m2:from laptop', 'm3:from phone'],
      });
      expect(seen.chats[1]?.folderID).toBe('f-1');
      expect(seen.folders).toEqual(['f-1:Work stuff']);
      expect(seen.fontSize).toBe('large');

      // A full re-sync from the epoch changes nothing and brings nothing back.
      const full = await phone.engine.fullResync();
      expect(full.failure).toBeNull();
      expect(await view(phone.store)).toEqual(seen);
      expect(phone.reported).toEqual([]);
      expect(laptop.reported).toEqual([]);
    });

    it('SC6 SC18 a sync cut before or after the server saw it loses nothing, deletions included', async () => {
      const { laptop, phone } = await twoDevices(t);
      for (const id of ['ch-a', 'ch-b', 'ch-c']) await laptop.store.chats.put(parseChat({ id }));
      await laptop.sync();
      await phone.sync();

      laptop.tick();
      await laptop.engine.start();
      await laptop.store.chats.purge('ch-a');
      await laptop.store.chats.delete('ch-b');
      laptop.faults.failNext = 'before';
      expect((await laptop.engine.syncNow()).failure?.code).toBe('unexpected');
      laptop.faults.failNext = 'after';
      expect((await laptop.engine.syncNow()).failure?.code).toBe('unexpected');
      await laptop.sync();
      await phone.sync();
      expect((await view(phone.store)).chats.map((chat) => chat.id)).toEqual(['ch-c']);
      expect(await view(phone.store)).toEqual(await view(laptop.store));
      laptop.engine.stop();
    });

    it('SC11 SC12 above maxSyncPayloadSize uploads go through the buffer and answers come in chunks', async () => {
      const { laptop, phone } = await twoDevices(t, { maxSyncPayloadSize: 4_000 });
      const long = 'y'.repeat(900);
      for (let i = 0; i < 8; i++) {
        await laptop.store.chats.put(
          parseChat({
            id: `ch-${i}`,
            messages: [message(`m-${i}`, `${i} ${long}`, '2026-03-01T09:00:00.000Z')],
          }),
        );
      }
      await laptop.sync();
      expect(laptop.requests.filter((r) => r.path === '/api/sync-buffer').length).toBeGreaterThan(1);
      await phone.sync();
      expect(phone.requests.filter((r) => r.path.startsWith('/api/sync/chunks/')).length).toBeGreaterThan(1);
      const seen = await view(phone.store);
      expect(seen.chats).toHaveLength(8);
      expect(seen).toEqual(await view(laptop.store));
    });
  });
});

describe('profiles and memories through the real server', () => {
  forEachDatabase((t) => {
    it('MG13 SC29 a profile and a memory added on each device while apart are all kept, on every device', async () => {
      const { kit, laptop, phone } = await twoDevices(t);
      const laterDevice = device(kit, await kit.login('ada@example.com'), 'tablet');
      const profile = (id: string, name: string, updatedAt: string) =>
        parseUserProfile({ id, name, createdAt: updatedAt, updatedAt });
      const memory = (id: string, content: string, updatedAt: string) =>
        parseMemoryEntry({ id, content, createdAt: updatedAt, updatedAt });
      await laptop.store.profiles.put(profile('pr-laptop', 'Work', '2026-03-01T09:00:01.000Z'));
      await laptop.store.memory.put(memory('me-laptop', 'Likes tea', '2026-03-01T09:00:01.000Z'));
      await laptop.sync();
      // The phone never synced before: its newer sections must not replace the laptop's records.
      await phone.store.profiles.put(profile('pr-phone', 'Home', '2026-03-01T09:00:05.000Z'));
      await phone.store.memory.put(memory('me-phone', 'Has a cat', '2026-03-01T09:00:05.000Z'));
      await phone.sync();
      await laptop.sync();
      await laterDevice.sync();
      for (const { store } of [laptop, phone, laterDevice]) {
        expect((await store.profiles.list()).map((p) => p.name).sort()).toEqual(['Home', 'Work']);
        expect((await store.memory.list()).map((m) => m.content).sort()).toEqual(['Has a cat', 'Likes tea']);
      }
    });
  });
});
