import { describe, expect, it } from 'vitest';
import { newChat } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { createRecordStore, MemoryEngine, messageKey, type MessageRow } from '../../src/storage';

function setUp() {
  const clock = new FakeClock('2024-05-01T00:00:00.000Z');
  const ids = new SequentialIdGenerator('t-');
  const engine = new MemoryEngine();
  const store = createRecordStore(engine, { clock, ids });
  const messages = Array.from({ length: 4 }, (_, i) => ({
    id: `m${i}`,
    parentId: i === 0 ? null : `m${i - 1}`,
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content: `message ${i}`,
    createdAt: `2024-05-01T00:00:0${i}.000Z`,
    updatedAt: `2024-05-01T00:00:0${i}.000Z`,
  }));
  const chat = newChat({ chatTitle: 'Long chat', messages }, { clock, ids });
  return { engine, store, chat };
}

/**
 * Another tab (or sync) rewrites one stored message under the same id, behind the store's back: its
 * row, and the head's revision, as every writer of that layout does (storage SPEC MR).
 */
async function rewriteStored(engine: MemoryEngine, chatId: string, messageId: string, change: object) {
  const head = (await engine.get('chats', chatId)) as Record<string, unknown>;
  const key = messageKey(chatId, 0);
  const row = (await engine.get('messages', key)) as MessageRow;
  const messages = row.messages.map((message) =>
    (message as { id: string }).id === messageId ? { ...(message as object), ...change } : message,
  );
  engine.plant('messages', key, { ...row, messages });
  engine.plant('chats', chatId, { ...head, messagesRevision: 'written-elsewhere' });
}

describe('saving a chat again reuses the messages parsed moments ago', () => {
  it('hands back the same message objects when nothing changed in storage', async () => {
    const { store, chat } = setUp();
    await store.chats.put(chat);
    const opened = (await store.chats.get(chat.id))!;
    const updated = await store.chats.update(chat.id, (stored) => ({ ...stored, chatTitle: 'Renamed' }));
    expect(updated.chatTitle).toBe('Renamed');
    opened.messages.forEach((message, index) => expect(updated.messages[index]).toBe(message));
  });

  it('parses a message another writer changed, and keeps the change', async () => {
    const { engine, store, chat } = setUp();
    await store.chats.put(chat);
    await store.chats.get(chat.id);
    await rewriteStored(engine, chat.id, 'm1', { content: 'changed elsewhere' });
    const updated = await store.chats.update(chat.id, (stored) => ({ ...stored, chatTitle: 'Renamed' }));
    expect(updated.messages.find((m) => m.id === 'm1')?.content).toBe('changed elsewhere');
    expect((await store.chats.get(chat.id))!.messages.find((m) => m.id === 'm1')?.content).toBe(
      'changed elsewhere',
    );
  });

  it('still reports and repairs a stored message that is not valid', async () => {
    const { engine, store, chat } = setUp();
    await store.chats.put(chat);
    await store.chats.get(chat.id);
    await rewriteStored(engine, chat.id, 'm2', { role: 42 });
    const reread = (await store.chats.get(chat.id))!;
    expect(reread.messages.map((m) => m.id)).not.toContain('m2');
    expect(reread.messages).toHaveLength(3);
  });
});
