import { describe, expect, it } from 'vitest';
import { isParsedMessage, MESSAGE_SCHEMA_VERSION, newChat, type Message } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { createRecordStore, MemoryEngine, messageKey, type MessageRow } from '../../src/storage';

const clock = new FakeClock('2024-05-01T00:00:00.000Z');
const ids = new SequentialIdGenerator('r-');

function chatOf(count: number) {
  const messages: Message[] = Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    parentId: i === 0 ? null : `m${i - 1}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `Message ${i}`,
    createdAt: '2024-05-01T00:00:00.000Z',
    updatedAt: '2024-05-01T00:00:00.000Z',
  }));
  return newChat({ chatTitle: 'Rows', messages }, { clock, ids });
}

describe('MR9 rows written from a clean parse are not parsed again', () => {
  it('another store over the same data reads them as parsed messages, equal to what was written', async () => {
    const engine = new MemoryEngine();
    const written = await createRecordStore(engine, { clock, ids }).chats.put(chatOf(100));
    // 100 messages: a full row of 64 and a row of 36.
    const rows = [0, 1].map(
      async (chunk) => (await engine.get('messages', messageKey(written.id, chunk))) as MessageRow,
    );
    const [first, second] = await Promise.all(rows);
    expect([first?.messages.length, second?.messages.length]).toEqual([64, 36]);
    expect(first?.clean).toBe(MESSAGE_SCHEMA_VERSION);

    const read = await createRecordStore(engine, { clock, ids }).chats.get(written.id);
    expect(read?.messages).toEqual(written.messages);
    expect(read?.messages.every((message) => isParsedMessage(message))).toBe(true);
  });

  it('a row of another schema version, or with a damaged message, is parsed (and repaired) as before', async () => {
    const engine = new MemoryEngine();
    const written = await createRecordStore(engine, { clock, ids }).chats.put(chatOf(3));
    const key = messageKey(written.id, 0);
    const row = (await engine.get('messages', key)) as MessageRow;
    const messages = row.messages.map((message, index) =>
      index === 2 ? { ...(message as object), role: 42 } : message,
    );
    engine.plant('messages', key, { ...row, messages, clean: MESSAGE_SCHEMA_VERSION + 1 });
    const issues: unknown[] = [];
    const read = await createRecordStore(engine, {
      clock,
      ids,
      onIssue: (issue) => issues.push(issue),
    }).chats.get(written.id);
    expect(read?.messages.find((m) => m.id === 'm1')?.content).toBe('Message 1');
    expect(isParsedMessage(read?.messages.find((m) => m.id === 'm1'))).toBe(true);
    // m2's role is not a role: the parse drops the message and says so, as for any damaged message.
    expect(read?.messages.map((m) => m.id)).not.toContain('m2');
    expect(issues).not.toHaveLength(0);
  });
});

describe('a send in a long chat parses only what it adds', () => {
  it('the new messages are stored as the whole parse would store them; the earlier ones are kept as they are', async () => {
    const engine = new MemoryEngine();
    const store = createRecordStore(engine, { clock, ids });
    const chat = await store.chats.put(chatOf(50));
    const added = {
      id: 'm-new',
      parentId: 'm49',
      role: 'user' as const,
      content: 'Added',
      createdAt: '2024-05-02T00:00:00.000Z',
      updatedAt: '2024-05-02T00:00:00.000Z',
    };
    const saved = await store.chats.put({ ...chat, messages: [...chat.messages, added] });
    saved.messages.slice(0, 50).forEach((message, index) => expect(message).toBe(chat.messages[index]));
    const whole = await createRecordStore(new MemoryEngine(), { clock, ids }).chats.put({
      ...chat,
      messages: [...chat.messages, added],
    });
    expect(saved.messages.at(-1)).toEqual(whole.messages.at(-1));
    expect(isParsedMessage(saved.messages.at(-1))).toBe(true);
  });

  it('a new message repeating an earlier id, or without its place in the tree, goes through the whole parse', async () => {
    const store = createRecordStore(new MemoryEngine(), { clock, ids });
    const chat = await store.chats.put(chatOf(5));
    const repeated = { ...chat.messages[2]!, content: 'Same id again' };
    const saved = await store.chats.put({ ...chat, messages: [...chat.messages, repeated] });
    expect(new Set(saved.messages.map((m) => m.id)).size).toBe(6);
    const { parentId: _none, ...unlinked } = { ...chat.messages[0]!, id: 'm-unlinked', content: 'No parent' };
    const linked = await store.chats.put({ ...saved, messages: [...saved.messages, unlinked as Message] });
    expect(linked.messages.at(-1)?.parentId).toBe(saved.messages.at(-1)?.id);
  });
});

describe('MR11 a save checks its new messages against the chat ids it remembers', () => {
  const message = (id: string, parentId: string, content: string): Message => ({
    id,
    parentId,
    role: 'user',
    content,
    createdAt: '2024-05-02T00:00:00.000Z',
    updatedAt: '2024-05-02T00:00:00.000Z',
  });

  it('after many appends, a new message repeating any id (an early one, one just added) still gets a new one', async () => {
    const engine = new MemoryEngine();
    const store = createRecordStore(engine, { clock, ids });
    let chat = await store.chats.put(chatOf(100));
    for (let i = 0; i < 5; i++) {
      chat = await store.chats.update(chat.id, (current) => ({
        ...current,
        messages: [...current.messages, message(`add-${i}`, current.messages.at(-1)!.id, `Added ${i}`)],
      }));
    }
    for (const repeated of ['m3', 'add-4']) {
      chat = await store.chats.update(chat.id, (current) => ({
        ...current,
        messages: [...current.messages, message(repeated, current.messages.at(-1)!.id, `Again ${repeated}`)],
      }));
      expect(new Set(chat.messages.map((m) => m.id)).size).toBe(chat.messages.length);
      expect(chat.messages.at(-1)?.content).toBe(`Again ${repeated}`);
    }
    const reread = await createRecordStore(engine, { clock, ids }).chats.get(chat.id);
    expect(reread?.messages).toEqual(chat.messages);
  });

  it('a message cut and added again keeps its id, as the whole parse keeps it', async () => {
    const engine = new MemoryEngine();
    const store = createRecordStore(engine, { clock, ids });
    let chat = await store.chats.put(chatOf(10));
    chat = await store.chats.update(chat.id, (current) => ({
      ...current,
      messages: [...current.messages, message('extra', 'm9', 'Extra')],
    }));
    chat = await store.chats.update(chat.id, (current) => ({
      ...current,
      messages: current.messages.slice(0, 10),
    }));
    chat = await store.chats.update(chat.id, (current) => ({
      ...current,
      messages: [...current.messages, message('extra', 'm9', 'Extra again')],
    }));
    expect(chat.messages.map((m) => m.id).slice(-2)).toEqual(['m9', 'extra']);
    expect(chat.messages.at(-1)?.content).toBe('Extra again');
    const reread = await createRecordStore(engine, { clock, ids }).chats.get(chat.id);
    expect(reread?.messages).toEqual(chat.messages);
  });
});
