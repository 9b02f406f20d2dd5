import { describe, expect, it } from 'vitest';
import type { Chat, Message } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { createMemoryStore, type StoragePort } from '../../src/storage';
import { CHAT_MOVES_KEY, movedChatId, updateMovedChat } from '../../src/sync-client/chat-moves';
import { moveChatToNewId, restoreDeletedChats } from '../../src/sync-client/restore-deleted';
import { SyncEngine } from '../../src/sync-client/sync-engine';
import type { RemoteChanges } from '../../src/sync-client/sync-run';
import { FakeScheduler } from '../../src/sync-client/test-support/fake-scheduler';
import { testChat, testMessage } from '../../src/sync-client/test-support/engine-harness';
import { ModelServerTransport } from '../../src/sync-client/test-support/model-server-transport';

const withMessage = (message: Message) => (chat: Chat) => ({
  ...chat,
  messages: [...chat.messages, message],
});
const messageIds = (chat: Chat | undefined) => chat?.messages.map((message) => message.id);

function device() {
  const clock = new FakeClock('2026-02-01T00:00:00.000Z');
  const store = createMemoryStore({ clock });
  return { clock, store, restore: { store, ids: new SequentialIdGenerator('moved-') } };
}

describe('SC24 SC26 a chat that sync moves to a new id', () => {
  it('SC24 SC26 the sync reports the move as from and to, and the old id among the changed chats', async () => {
    const { clock, store, restore } = device();
    const server = new ModelServerTransport();
    let release = () => {};
    let holding = false;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const reported: RemoteChanges[] = [];
    const engine = new SyncEngine({
      store,
      transport: {
        send: async (request) => {
          const answer = await server.send(request);
          if (holding && request.path === '/api/sync') await gate;
          return answer;
        },
      },
      scheduler: new FakeScheduler(),
      availability: { isActive: () => true, syncsAttachments: () => false },
      ids: restore.ids,
      onRemoteChanges: (changes) => reported.push(changes),
    });
    await store.chats.put(testChat('ch-1', { messages: [testMessage('m1')] }));
    await engine.syncNow();
    clock.advance(1000);
    await store.chats.delete('ch-1');
    holding = true;
    const carrying = engine.syncNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Restored in place while the deletion is on its way: the engine moves it (SC24).
    await restoreDeletedChats(restore, ['ch-1']);
    release();
    await carrying;

    const changes = reported.at(-1);
    expect(changes?.movedChats).toEqual([{ from: 'ch-1', to: 'ch-moved-1' }]);
    expect(changes?.movedFolders).toEqual([]);
    expect(changes?.chats).toContain('ch-1');
    expect(await movedChatId(store, 'ch-1')).toBe('ch-moved-1');
    expect(await store.chats.get('ch-1')).toBeUndefined();
  });

  it('SC26 a write to the old id after the move lands in the chat under its new id', async () => {
    const { store, restore } = device();
    const chat = await store.chats.put(testChat('ch-1', { messages: [testMessage('m1')] }));
    await moveChatToNewId(restore, chat);
    const answer = testMessage('answer', { role: 'assistant' });
    const written = await updateMovedChat(store, 'ch-1', withMessage(answer));
    expect(written.id).toBe('ch-moved-1');
    expect(messageIds(await store.chats.get('ch-moved-1'))).toEqual(['m1', 'answer']);
    expect(await store.chats.get('ch-1')).toBeUndefined();
  });

  it('SC26 what is written to the old id while the move runs comes along to the new id', async () => {
    const { store, restore } = device();
    const chat = await store.chats.put(testChat('ch-1', { messages: [testMessage('m1')] }));
    const partial = testMessage('answer', { role: 'assistant', content: 'Hel' });
    const final = testMessage('answer', {
      role: 'assistant',
      content: 'Hello',
      updatedAt: '2026-03-01T00:00:00.000Z',
    });
    // A streaming answer saves while the copy is being made (the old chat is still live: the
    // save lands there), then saves its end after the move.
    let wrote: Chat[] = [];
    const racing: StoragePort = {
      ...store,
      settings: {
        ...store.settings,
        set: async (setting, value) => {
          await store.settings.set(setting, value);
          if (setting.key === CHAT_MOVES_KEY)
            wrote = [await updateMovedChat(store, 'ch-1', withMessage(partial))];
        },
      },
    };
    const moved = await moveChatToNewId({ ...restore, store: racing }, chat);
    expect(wrote.map((written) => written.id)).toEqual(['ch-1']);
    expect(moved.id).toBe('ch-moved-1');
    expect(moved.messages.map((message) => message.content)).toEqual(['text of m1', 'Hel']);
    const after = await updateMovedChat(store, 'ch-1', (current) => ({
      ...current,
      messages: current.messages.map((message) => (message.id === 'answer' ? final : message)),
    }));
    expect(after.id).toBe('ch-moved-1');
    expect((await store.chats.get('ch-moved-1'))?.messages.at(-1)?.content).toBe('Hello');
  });

  it('SC26 a chat deleted without a move is written as before, into its tombstone', async () => {
    const { store } = device();
    await store.chats.put(testChat('ch-1', { messages: [testMessage('m1')] }));
    await store.chats.delete('ch-1');
    const written = await updateMovedChat(store, 'ch-1', withMessage(testMessage('answer')));
    expect(written.id).toBe('ch-1');
    expect(written.deletedAt).not.toBeNull();
    expect(messageIds(await store.chats.get('ch-1'))).toEqual(['m1', 'answer']);
    await expect(updateMovedChat(store, 'ch-none', (current) => current)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('SC26 a chat moved twice is found where it is now', async () => {
    const { store, restore } = device();
    const first = await moveChatToNewId(restore, await store.chats.put(testChat('ch-1')));
    const second = await moveChatToNewId(restore, first);
    expect(await movedChatId(store, 'ch-1')).toBe(second.id);
    expect(await movedChatId(store, first.id)).toBe(second.id);
    expect(await movedChatId(store, second.id)).toBeUndefined();
  });
});
