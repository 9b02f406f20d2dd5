import { describe, expect, it } from 'vitest';
import { parseFolder, syncedSetting } from '../../src/entities';
import { exampleChats } from '../../src/storage';
import {
  engineHarness,
  sentChatIds,
  testChat,
  testMessage,
} from '../../src/sync-client/test-support/engine-harness';

type Body = ReturnType<ReturnType<typeof engineHarness>['transport']['lastSyncBody']>;
const sent = (body: Body, field: string) => body.allData[field] as { id: string }[];

describe('what a sync sends', () => {
  it('SC3 sends records never synced, then only what was edited after its last sync', async () => {
    const h = engineHarness();
    await h.store.chats.putMany([testChat('ch-1'), testChat('ch-2')]);
    await h.store.folders.put(parseFolder({ id: 'f-1', title: 'Work' }));
    await h.engine.syncNow();
    expect(sentChatIds(h.transport.lastSyncBody()).sort()).toEqual(['ch-1', 'ch-2']);
    expect(sent(h.transport.lastSyncBody(), 'folders').map((f) => f.id)).toEqual(['f-1']);
    const synced = await h.store.chats.get('ch-1');
    expect(synced?.syncedAt).toBe(synced?.updatedAt);

    await h.engine.syncNow();
    expect(sentChatIds(h.transport.lastSyncBody())).toEqual([]);
    expect(sent(h.transport.lastSyncBody(), 'folders')).toEqual([]);

    h.tick();
    await h.store.chats.update('ch-2', (chat) => ({ ...chat, chatTitle: 'Renamed' }));
    await h.engine.syncNow();
    expect(sentChatIds(h.transport.lastSyncBody())).toEqual(['ch-2']);
  });

  it('SC4 a full re-sync starts from the epoch and sends everything', async () => {
    const h = engineHarness();
    await h.store.chats.putMany([testChat('ch-1'), testChat('ch-2')]);
    await h.store.settings.set(syncedSetting('fontSize'), 'large');
    await h.engine.syncNow();
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().lastSyncAt).not.toBeNull();
    await h.engine.fullResync();
    const body = h.transport.lastSyncBody();
    expect(body.lastSyncAt).toBeNull();
    expect(sentChatIds(body).sort()).toEqual(['ch-1', 'ch-2']);
    expect(Object.keys(body.allData.userSettings as object)).toEqual(['preferences']);
  });

  it('SC5 deleted chats, folders, prompts, characters and plugins travel as ids only', async () => {
    const h = engineHarness();
    await h.store.chats.put(testChat('ch-1', { messages: [testMessage('m1')] }));
    await h.store.folders.put(parseFolder({ id: 'f-1' }));
    await h.store.prompts.put({ id: 'p-1' } as never);
    await h.store.characters.put({ id: 'character-1' } as never);
    await h.store.plugins.put({ id: 'plugin-1' } as never);
    await h.engine.syncNow();
    h.tick();
    await h.store.chats.delete('ch-1');
    await h.store.folders.delete('f-1');
    await h.store.prompts.delete('p-1');
    await h.store.characters.purge('character-1');
    await h.engine.start();
    await h.store.plugins.purge('plugin-1');
    await h.engine.syncNow();
    const body = h.transport.lastSyncBody();
    expect(body.allData).toMatchObject({
      chats: [],
      deletedChatIDs: ['ch-1'],
      folders: [],
      deletedFolderIDs: ['f-1'],
      deletedPromptIDs: ['p-1'],
      deletedPluginIDs: ['plugin-1'],
    });
    // Purged before the engine watched: nothing can know it existed. Tombstones are the rule.
    expect(body.allData.deletedCharacterIDs).toEqual([]);
    // Once acknowledged, a deletion is not sent again.
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().allData).toMatchObject({ deletedChatIDs: [], deletedPluginIDs: [] });
  });

  it('SC6 the deletion list is cleared before the request and restored when it fails', async () => {
    const h = engineHarness();
    await h.engine.start();
    await h.store.chats.put(testChat('ch-1'));
    await h.engine.syncNow();
    await h.store.chats.purge('ch-1');
    let listDuringRequest: string[] | undefined;
    h.transport.on('/api/sync', async () => {
      listDuringRequest = (await h.state()).pendingDeletions.chats;
      return { status: 500, body: {} };
    });
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().allData.deletedChatIDs).toEqual(['ch-1']);
    expect(listDuringRequest).toEqual([]);
    expect((await h.state()).pendingDeletions.chats).toEqual(['ch-1']);

    h.transport.on('/api/sync', () => ({ status: 200, body: h.transport.syncAnswer() }));
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().allData.deletedChatIDs).toEqual(['ch-1']);
    expect((await h.state()).pendingDeletions.chats).toEqual([]);
  });

  it('SC7 example chats are never sent, nor their deletion', async () => {
    const h = engineHarness();
    await h.engine.start();
    await h.store.chats.putMany([...exampleChats(h.clock), testChat('ch-mine')]);
    const [example] = exampleChats(h.clock);
    await h.store.chats.purge(example!.id);
    await h.engine.syncNow();
    const body = h.transport.lastSyncBody();
    expect(sentChatIds(body)).toEqual(['ch-mine']);
    expect(body.allData.deletedChatIDs).toEqual([]);
  });

  it('SC8 with attachment sync off, only text parts travel, 1 ms older; the local copy keeps them', async () => {
    const h = engineHarness();
    const content = [
      { type: 'text' as const, text: 'look at this' },
      { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,AAAA' } },
    ];
    await h.store.chats.put(
      testChat('ch-1', { messages: [testMessage('m1', { content, updatedAt: '2026-01-01T00:00:00.500Z' })] }),
    );
    await h.engine.syncNow();
    const [message] = (
      h.transport.lastSyncBody().allData.chats as { messages: Record<string, unknown>[] }[]
    )[0]!.messages;
    expect(message).toMatchObject({
      content: [{ type: 'text', text: 'look at this' }],
      updatedAt: '2026-01-01T00:00:00.499Z',
    });
    expect((await h.store.chats.get('ch-1'))?.messages[0]?.content).toEqual(content);

    h.switches.attachments = true;
    await h.engine.fullResync();
    const [full] = (h.transport.lastSyncBody().allData.chats as { messages: Record<string, unknown>[] }[])[0]!
      .messages;
    expect(full).toMatchObject({ content, updatedAt: '2026-01-01T00:00:00.500Z' });
  });

  it("SC9 a chat without a folder takes it from the folders' chat lists, here too", async () => {
    const h = engineHarness();
    await h.store.folders.put(parseFolder({ id: 'f-1', chatIDs: ['ch-1'] }));
    await h.store.chats.putMany([testChat('ch-1'), testChat('ch-2', { folderID: 'f-2' })]);
    await h.engine.syncNow();
    const chats = h.transport.lastSyncBody().allData.chats as { id: string; folderID: string | null }[];
    expect(Object.fromEntries(chats.map((chat) => [chat.id, chat.folderID]))).toEqual({
      'ch-1': 'f-1',
      'ch-2': 'f-2',
    });
    expect((await h.store.chats.get('ch-1'))?.folderID).toBe('f-1');
  });

  it('SC10 settings sections travel only when changed since they last synced', async () => {
    const h = engineHarness();
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().allData.userSettings).toEqual({});
    await h.store.settings.set(syncedSetting('fontSize'), 'large');
    await h.store.settings.set(syncedSetting('defaultModel'), 'claude-3-opus');
    await h.engine.syncNow();
    const first = h.transport.lastSyncBody().allData.userSettings as Record<string, { data: object }>;
    expect(Object.keys(first).sort()).toEqual(['modelSettings', 'preferences']);
    expect(first.preferences?.data).toMatchObject({ fontSize: 'large', streaming: true });
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().allData.userSettings).toEqual({});
    h.tick();
    await h.store.settings.set(syncedSetting('streaming'), false);
    await h.engine.syncNow();
    expect(Object.keys(h.transport.lastSyncBody().allData.userSettings as object)).toEqual(['preferences']);
  });

  it('SC11 above maxSyncPayloadSize the chats go to the buffer in chunks and the sync carries none', async () => {
    const h = engineHarness({ maxSyncPayloadSize: 2_000 });
    const long = 'x'.repeat(600);
    await h.store.chats.putMany(
      ['a', 'b', 'c', 'd'].map((id) =>
        testChat(`ch-${id}`, { messages: [testMessage(`m-${id}`, { content: long })] }),
      ),
    );
    let buffered = 0;
    h.transport.on('/api/sync-buffer', (request) => {
      buffered += 1;
      expect(JSON.stringify(request.body).length).toBeLessThanOrEqual(2_000);
      return { status: 200, body: { syncBufferID: 'buf-1' } };
    });
    await h.engine.syncNow();
    const uploads = h.transport.requests.filter((request) => request.path === '/api/sync-buffer');
    expect(uploads.length).toBeGreaterThan(1);
    expect(buffered).toBe(uploads.length);
    expect(uploads[0]?.body).not.toHaveProperty('bufferID');
    expect(uploads.slice(1).every((upload) => upload.body?.bufferID === 'buf-1')).toBe(true);
    const ids = uploads.flatMap((upload) => (upload.body?.chats as { id: string }[]).map((chat) => chat.id));
    expect(ids.sort()).toEqual(['ch-a', 'ch-b', 'ch-c', 'ch-d']);
    expect(h.transport.lastSyncBody()).toMatchObject({ syncBufferID: 'buf-1', allData: { chats: [] } });
  });

  it('SC11 below the limit there is no buffer; the limit is asked once, then taken from answers', async () => {
    const h = engineHarness();
    await h.store.chats.put(testChat('ch-1'));
    await h.engine.syncNow();
    await h.engine.syncNow();
    const paths = h.transport.requests.map((request) => request.path);
    expect(paths).toEqual(['/api/sync/config', '/api/sync', '/api/sync']);
  });
});
