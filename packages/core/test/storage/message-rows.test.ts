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
    const written = await createRecordStore(engine, { clock, ids }).chats.put(chatOf(20));
    const row = (await engine.get('messages', messageKey(written.id, 'm3'))) as MessageRow;
    expect(row.clean).toBe(MESSAGE_SCHEMA_VERSION);

    const read = await createRecordStore(engine, { clock, ids }).chats.get(written.id);
    expect(read?.messages).toEqual(written.messages);
    expect(read?.messages.every((message) => isParsedMessage(message))).toBe(true);
  });

  it('a row of another schema version, or whose message lost its id, is parsed (and repaired) as before', async () => {
    const engine = new MemoryEngine();
    const written = await createRecordStore(engine, { clock, ids }).chats.put(chatOf(3));
    const key = messageKey(written.id, 'm1');
    const row = (await engine.get('messages', key)) as MessageRow;
    engine.plant('messages', key, { ...row, clean: MESSAGE_SCHEMA_VERSION + 1 });
    const key2 = messageKey(written.id, 'm2');
    const row2 = (await engine.get('messages', key2)) as MessageRow;
    engine.plant('messages', key2, { ...row2, message: { ...(row2.message as object), role: 42 } });
    const issues: unknown[] = [];
    const read = await createRecordStore(engine, {
      clock,
      ids,
      onIssue: (issue) => issues.push(issue),
    }).chats.get(written.id);
    expect(read?.messages.find((m) => m.id === 'm1')?.content).toBe('Message 1');
    // m2's role is not a role: the parse drops the message and says so, as for any damaged message.
    expect(read?.messages.map((m) => m.id)).not.toContain('m2');
    expect(issues).not.toHaveLength(0);
  });
});
