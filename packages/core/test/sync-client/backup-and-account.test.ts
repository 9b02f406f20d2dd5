import { describe, expect, it } from 'vitest';
import { parseFolder } from '../../src/entities';
import { FakeClock } from '../../src/platform';
import { createMemoryStore } from '../../src/storage';
import { deleteMessage } from '../../src/sync';
import { createSyncAccountClient, SyncAccountError } from '../../src/sync-client/account-client';
import { createBackupClient, restoreBackup } from '../../src/sync-client/backup-client';
import { BackupDataSchema } from '../../src/sync-client/backup-protocol';
import { SyncFailureError } from '../../src/sync-client/sync-failure';
import { serverChat, testChat, testMessage } from '../../src/sync-client/test-support/engine-harness';
import { ScriptedTransport } from '../../src/sync-client/test-support/scripted-transport';

const at = (seconds: number) =>
  new Date(Date.parse('2026-01-01T00:00:00.000Z') + seconds * 1000).toISOString();

describe('restoreBackup', () => {
  it('SC20 adds what is missing, merges what is present and never deletes or downgrades local data', async () => {
    const store = createMemoryStore({ clock: new FakeClock(at(500)) });
    await store.chats.putMany([
      testChat('ch-kept', {
        updatedAt: at(100),
        chatTitle: 'Newer local title',
        messages: [testMessage('m-local', { createdAt: at(1) })],
        syncedAt: at(100),
      }),
      testChat('ch-deleted', { updatedAt: at(90), deletedAt: at(90), syncedAt: at(90) }),
    ]);
    await store.folders.put(parseFolder({ id: 'f-local', updatedAt: at(50) }), { touch: false });
    const data = BackupDataSchema.parse({
      chats: [
        serverChat('ch-kept', at(10), {
          chatTitle: 'Old title',
          messages: [testMessage('m-backup', { createdAt: at(2) })],
        }),
        serverChat('ch-deleted', at(10), { messages: [testMessage('m-x')] }),
        serverChat('ch-missing', at(10)),
      ],
      folders: [parseFolder({ id: 'f-missing', updatedAt: at(5) })],
    });
    const counts = await restoreBackup(store, data);
    expect(counts).toMatchObject({ chats: 2, records: 1 });
    const kept = await store.chats.get('ch-kept');
    expect(kept?.chatTitle).toBe('Newer local title');
    expect(kept?.messages.map((message) => message.id)).toEqual(['m-local', 'm-backup']);
    expect(kept?.syncedAt).toBeNull();
    expect((await store.chats.get('ch-deleted'))?.deletedAt).toBe(at(90));
    expect(await store.chats.get('ch-missing')).toMatchObject({ updatedAt: at(10), syncedAt: null });
    expect((await store.folders.list()).map((folder) => folder.id).sort()).toEqual(['f-local', 'f-missing']);
  });

  it('SC20 a message deleted here stays deleted after a restore', async () => {
    const store = createMemoryStore({ clock: new FakeClock(at(500)) });
    const message = testMessage('m1', { createdAt: at(1) });
    await store.chats.put(
      testChat('ch-1', { messages: [deleteMessage(message, at(20))], updatedAt: at(20) }),
      { touch: false },
    );
    await restoreBackup(
      store,
      BackupDataSchema.parse({ chats: [serverChat('ch-1', at(10), { messages: [message] })] }),
    );
    expect((await store.chats.get('ch-1'))?.messages[0]?.content).toBeNull();
  });
});

describe('backup client', () => {
  it('creates a backup and reads the latest one', async () => {
    const info = {
      createdAt: at(1),
      sizeBytes: 12,
      counts: { chats: 1, folders: 0, prompts: 0, characters: 0, plugins: 0 },
    };
    const transport = new ScriptedTransport()
      .on('/api/backups', () => ({ status: 200, body: { backup: info } }))
      .on('/api/backups/latest', () => ({
        status: 200,
        body: { backup: { ...info, data: { chats: [serverChat('ch-1', at(1))] } } },
      }));
    const client = createBackupClient(transport);
    // A server from before projects and knowledge documents sends no count of them: read as none
    // (decisions 0104, 0131).
    expect(await client.create()).toEqual({
      ...info,
      counts: { ...info.counts, projects: 0, knowledgeDocuments: 0 },
    });
    expect((await client.latest())?.data.chats.map((chat) => chat.id)).toEqual(['ch-1']);
    expect(transport.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/backups',
      'GET /api/backups/latest',
    ]);
  });

  it('SC16 a backup failure carries the same texts as sync', async () => {
    const transport = new ScriptedTransport().on('/api/backups', () => ({ status: 503, body: {} }));
    const failure = await createBackupClient(transport)
      .create()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SyncFailureError);
    expect((failure as SyncFailureError).failure.code).toBe('disabled');
  });
});

describe('account client', () => {
  const user = { id: 'u1', email: 'a@example.com', createdAt: at(0) };

  it('signs up, reads the user and logs out through the auth routes', async () => {
    const transport = new ScriptedTransport()
      .on('/api/auth/signup', () => ({ status: 200, body: { token: 'tok', user } }))
      .on('/api/hosted/users/self', () => ({
        status: 200,
        body: { user, totalUsageBytes: 1, limitUsageBytes: 2, isPaid: false },
      }))
      .on('/api/auth/logout', () => ({ status: 200, body: { ok: true } }));
    const client = createSyncAccountClient(transport);
    expect(await client.signup({ email: 'a@example.com', password: 'long enough' })).toEqual({
      token: 'tok',
      user,
    });
    expect((await client.self()).limitUsageBytes).toBe(2);
    await client.logout();
    expect(transport.requests[0]?.body).toEqual({ email: 'a@example.com', password: 'long enough' });
    // AD7: an invitation link's token rides along with the credentials.
    await client.signup({ email: 'a@example.com', password: 'long enough' }, 'invite-token');
    expect(transport.requests.at(-1)?.body).toEqual({
      email: 'a@example.com',
      password: 'long enough',
      invite: 'invite-token',
    });
  });

  it("a failed user fetch shows the server's userMessage, else 'Something went wrong. Please try again later.'", async () => {
    const withMessage = new ScriptedTransport().on('/api/hosted/users/self', () => ({
      status: 401,
      body: { userMessage: 'Your session has expired.' },
    }));
    await expect(createSyncAccountClient(withMessage).self()).rejects.toThrow('Your session has expired.');
    const offline = new ScriptedTransport().on('/api/hosted/users/self', () =>
      Promise.reject(new TypeError('offline')),
    );
    const error = await createSyncAccountClient(offline)
      .self()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncAccountError);
    expect((error as SyncAccountError).userMessage).toBe('Something went wrong. Please try again later.');
  });
});
