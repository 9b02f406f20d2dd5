import { describe, expect, it } from 'vitest';
import { chatPath } from '../../src/chat/chat-edits';
import { CHAT_SCHEMA_VERSION, parseChat, safeParseChat } from '../../src/entities/chat';
import type { Chat } from '../../src/entities/chat';
import { FakeClock } from '../../src/platform';
import { exampleChats } from '../../src/storage/example-chats';

/**
 * BR7: chats stored by the release before trees (schema v2: no parentId, no selectedPath) open
 * unchanged: the same messages, in the same order, as one path.
 */
function asStoredByV2(chat: Chat): Record<string, unknown> {
  const stored = JSON.parse(JSON.stringify(chat)) as Record<string, unknown>;
  delete stored.selectedPath;
  stored.schemaVersion = 2;
  stored.messages = (stored.messages as Record<string, unknown>[]).map((message) => {
    const copy = { ...message };
    delete copy.parentId;
    return copy;
  });
  return stored;
}

const v2Chat = {
  schemaVersion: 2,
  id: 'ch-v2',
  chatTitle: 'Old chat',
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-01T10:09:00.000Z',
  messages: [
    {
      schemaVersion: 2,
      id: 'm-1',
      role: 'user',
      content: 'first',
      pinned: true,
      createdAt: '2024-03-01T10:01:00.000Z',
      updatedAt: '2024-03-01T10:01:00.000Z',
    },
    {
      schemaVersion: 2,
      id: 'm-2',
      role: 'assistant',
      content: 'answer',
      reasoning: 'thinking it over',
      model: 'deepseek-reasoner',
      createdAt: '2024-03-01T10:02:00.000Z',
      updatedAt: '2024-03-01T10:02:00.000Z',
    },
    {
      schemaVersion: 2,
      id: 'm-3',
      role: 'user',
      content: null,
      createdAt: '2024-03-01T10:03:00.000Z',
      updatedAt: '2024-03-01T10:05:00.000Z',
      deletedAt: '2024-03-01T10:05:00.000Z',
    },
    {
      schemaVersion: 2,
      id: 'm-4',
      role: 'system',
      content: null,
      contextBoundary: true,
      createdAt: '2024-03-01T10:04:00.000Z',
      updatedAt: '2024-03-01T10:04:00.000Z',
    },
    {
      schemaVersion: 2,
      id: 'm-5',
      role: 'user',
      content: [{ type: 'text', text: 'second' }],
      createdAt: '2024-03-01T10:06:00.000Z',
      updatedAt: '2024-03-01T10:06:00.000Z',
    },
    {
      schemaVersion: 2,
      id: 'm-6',
      role: 'assistant',
      content: 'cut',
      finish: 'interrupted',
      createdAt: '2024-03-01T10:07:00.000Z',
      updatedAt: '2024-03-01T10:07:00.000Z',
    },
  ],
};

describe('chat tree migration (v2 -> v3)', () => {
  it('BR7 the example chats open as one path with every message unchanged', () => {
    for (const example of exampleChats(new FakeClock('2024-05-01T00:00:00.000Z'))) {
      const stored = asStoredByV2(example);
      const result = safeParseChat(stored);
      expect(result.success && result.issues).toEqual([]);
      const migrated = parseChat(stored);
      expect(migrated.schemaVersion).toBe(CHAT_SCHEMA_VERSION);
      expect(chatPath(migrated).map((m) => m.id)).toEqual(example.messages.map((m) => m.id));
      expect(migrated.messages.map((m) => ({ ...m, parentId: undefined }))).toEqual(
        example.messages.map((m) => ({ ...m, parentId: undefined })),
      );
      expect(migrated.messages.map((m) => m.parentId)).toEqual([
        null,
        ...example.messages.slice(0, -1).map((m) => m.id),
      ]);
    }
  });

  it('BR7 pinned, deleted, reasoning, boundary and cut messages keep every field; the tombstone is off the path', () => {
    const result = safeParseChat(v2Chat);
    if (!result.success) throw new Error('expected the chat');
    expect(result.issues).toEqual([]);
    const migrated = result.data;
    expect(migrated.selectedPath).toBeNull();
    expect(migrated.messages.map((m) => [m.id, m.parentId])).toEqual([
      ['m-1', null],
      ['m-2', 'm-1'],
      // The old tombstone hangs off m-2 but leads nowhere: m-4 follows the live message before it.
      ['m-3', 'm-2'],
      ['m-4', 'm-2'],
      ['m-5', 'm-4'],
      ['m-6', 'm-5'],
    ]);
    expect(chatPath(migrated).map((m) => m.id)).toEqual(['m-1', 'm-2', 'm-4', 'm-5', 'm-6']);
    for (const original of v2Chat.messages) {
      const { parentId, ...rest } = migrated.messages.find((m) => m.id === original.id)!;
      void parentId;
      expect(rest).toEqual(original);
    }
  });

  it('BR7 EN9 migrating is idempotent and a migrated chat is not linked again', () => {
    const once = parseChat(v2Chat);
    expect(parseChat(once)).toEqual(once);
    expect(parseChat(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it('BR7 a message an older app adds to a tree chat follows the live message before it', () => {
    const tree = parseChat(v2Chat);
    const withOld = parseChat({
      ...tree,
      messages: [
        ...tree.messages,
        { id: 'm-7', role: 'user', content: 'old app', createdAt: '2024-03-02T00:00:00.000Z' },
      ],
    });
    expect(withOld.messages.at(-1)?.parentId).toBe('m-6');
    expect(chatPath(withOld).at(-1)?.id).toBe('m-7');
  });

  it('BR7 EN4 a chat whose messages cannot be read is kept, with the issue reported', () => {
    const result = safeParseChat({ ...v2Chat, messages: 'not a list' });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toMatchObject({ id: 'ch-v2', chatTitle: 'Old chat', messages: [] });
    expect(result.issues.map((issue) => issue.path)).toContain('messages');
  });
});
