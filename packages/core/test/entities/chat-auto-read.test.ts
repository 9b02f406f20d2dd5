import { describe, expect, it } from 'vitest';
import { CHAT_SCHEMA_VERSION, parseChat, safeParseChat } from '../../src/entities/chat';

const v8 = {
  schemaVersion: 8,
  id: 'ch-1',
  chatID: 'ch-1',
  chatTitle: 'Kept',
  folderID: 'folder-1',
  projectId: 'project-1',
  pluginIds: ['plugin-a'],
  mcpServerIds: null,
  tags: [{ name: 'a' }],
  comparison: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  messages: [
    { id: 'm1', role: 'user', content: 'hi', createdAt: 1, updatedAt: 1 },
    { id: 'm2', role: 'assistant', content: 'hello', createdAt: 2, updatedAt: 2, parentId: 'm1' },
  ],
  someFieldOfALaterVersion: { kept: true },
};

describe('chat v9: reading answers aloud per chat', () => {
  it('EN27 a v8 chat keeps every field, follows Voice settings (null) and is stamped v9', () => {
    const chat = parseChat(v8);
    expect(CHAT_SCHEMA_VERSION).toBe(9);
    expect(chat.schemaVersion).toBe(9);
    expect(chat.autoRead).toBeNull();
    const { schemaVersion: _from, messages: _messages, ...rest } = v8;
    expect(chat).toMatchObject(rest);
    expect(chat.messages.map((message) => message.id)).toEqual(['m1', 'm2']);
    expect(chat.updatedAt).toBe(v8.updatedAt);
  });

  it('EN27 the choice is kept both ways; a value that is not a boolean reads null and is reported', () => {
    expect(parseChat({ ...v8, schemaVersion: 9, autoRead: true }).autoRead).toBe(true);
    expect(parseChat({ ...v8, schemaVersion: 9, autoRead: false }).autoRead).toBe(false);
    expect(parseChat({ ...v8, autoRead: 'yes' }).autoRead).toBeNull();
    const wrong = safeParseChat({ ...v8, schemaVersion: 9, autoRead: 'yes' });
    expect(wrong.success && wrong.data.autoRead).toBeNull();
    expect(wrong.issues.map((issue) => issue.path)).toContain('autoRead');
  });
});
