import { describe, expect, it } from 'vitest';
import { isContextBoundary } from '../../src/chat/chat-messages';
import {
  clearContext,
  deleteMessage,
  editAndTruncate,
  forkChat,
  isDeletedMessage,
  lastUserMessage,
  resetChat,
  restoreDeletedMessage,
  togglePinned,
  truncateForRegenerate,
  upsertMessage,
} from '../../src/chat/chat-edits';
import { chatWith, message, testDeps } from '../../src/chat/test-chats';

function conversation() {
  const deps = testDeps();
  const messages = [
    message('user', 'q1', deps),
    message('assistant', 'a1', deps),
    message('user', 'q2', deps),
    message('assistant', 'a2', deps),
  ];
  const chat = chatWith(messages, deps, {
    chatTitle: 'Trip plans',
    folderID: 'folder-1',
    systemMessage: 'Be brief.',
    syncedAt: '2024-01-01T00:00:00.000Z',
    favoritedAt: '2024-01-01T00:00:00.000Z',
    tags: [{ name: 'travel' }],
  });
  return { deps, chat, messages };
}

describe('chat edits', () => {
  it('ED1 fork copies the messages up to the chosen one into a new chat with fresh ids', () => {
    const { deps, chat, messages } = conversation();
    deps.clock.advance(60_000);
    const fork = forkChat(chat, messages[1]!.id, deps);
    expect(fork.id).not.toBe(chat.id);
    expect(fork.id).toMatch(/^ch-/);
    expect(fork.chatID).toBe(fork.id);
    expect(fork.messages.map((m) => m.content)).toEqual(['q1', 'a1']);
    expect(fork.messages.map((m) => m.id)).not.toContain(messages[0]!.id);
    expect(fork).toMatchObject({ chatTitle: 'Trip plans', folderID: 'folder-1', systemMessage: 'Be brief.' });
    expect(fork.tags).toEqual([{ name: 'travel' }]);
    expect(fork).toMatchObject({ syncedAt: null, favoritedAt: null, isExample: false });
    expect(fork.createdAt).toBe('2024-05-03T12:06:00.000Z');
    expect(chat.messages).toHaveLength(4);
  });

  it('ED2 edit replaces the user message and drops everything after it', () => {
    const { deps, chat, messages } = conversation();
    const edited = editAndTruncate(chat, messages[0]!.id, 'q1 again', deps);
    expect(edited?.messages.map((m) => m.content)).toEqual(['q1 again']);
    expect(edited?.messages[0]?.id).toBe(messages[0]!.id);
    expect(editAndTruncate(chat, messages[1]!.id, 'nope', deps)).toBeUndefined();
  });

  it('ED3 regenerate drops the answers after the last user message', () => {
    const { deps, chat } = conversation();
    const failed = upsertMessage(
      chat,
      message('assistant', '', deps, { error: { code: 'offline', message: '' } }),
      deps,
    );
    expect(truncateForRegenerate(failed, deps)?.messages.map((m) => m.content)).toEqual(['q1', 'a1', 'q2']);
    expect(lastUserMessage(chat)?.content).toBe('q2');
    const onlyAssistant = chatWith([message('assistant', 'welcome', deps)], deps);
    expect(truncateForRegenerate(onlyAssistant, deps)).toBeUndefined();
  });

  it('ED3 a chat that ends with a user message is answered as it is', () => {
    const { deps } = conversation();
    const pending = chatWith([message('user', 'waiting', deps)], deps);
    expect(truncateForRegenerate(pending, deps)).toBe(pending);
  });

  it('ED4 reset removes every message and keeps the system message', () => {
    const { deps, chat } = conversation();
    const reset = resetChat(chat, deps);
    expect(reset.messages).toEqual([]);
    expect(reset.systemMessage).toBe('Be brief.');
    expect(reset.id).toBe(chat.id);
  });

  it('CX1 clear context adds one marker; twice in a row still one; nothing on an empty chat', () => {
    const { deps, chat } = conversation();
    const cleared = clearContext(chat, deps);
    expect(cleared.messages).toHaveLength(5);
    expect(isContextBoundary(cleared.messages[4]!)).toBe(true);
    expect(clearContext(cleared, deps)).toBe(cleared);
    const empty = chatWith([], deps);
    expect(clearContext(empty, deps)).toBe(empty);
  });

  it('ED5 delete leaves a tombstone in place (MG6), so a merge cannot bring the message back; pin toggles', () => {
    const { deps, chat, messages } = conversation();
    const deleted = deleteMessage(chat, messages[2]!.id, deps);
    expect(deleted.messages.map((m) => m.content)).toEqual(['q1', 'a1', null, 'a2']);
    expect(deleted.messages[2]).toMatchObject({
      id: messages[2]!.id,
      role: 'user',
      deletedAt: expect.any(String),
    });
    expect(isDeletedMessage(deleted.messages[2]!)).toBe(true);
    // Deleting again, or an unknown id, changes nothing.
    expect(deleteMessage(deleted, messages[2]!.id, deps)).toBe(deleted);
    expect(deleteMessage(chat, 'm-unknown', deps)).toBe(chat);
    const pinned = togglePinned(chat, messages[1]!.id, deps);
    expect(pinned.messages[1]?.pinned).toBe(true);
    expect(togglePinned(pinned, messages[1]!.id, deps).messages[1]?.pinned).toBe(false);
  });

  it('ED5 a deleted message is in no rule: regenerate and "last user message" skip it', () => {
    const { deps, chat, messages } = conversation();
    // q1 a1 q2 a2: delete a2, then q2. The last live user message is q1.
    const withoutQ2 = deleteMessage(deleteMessage(chat, messages[3]!.id, deps), messages[2]!.id, deps);
    expect(lastUserMessage(withoutQ2)?.content).toBe('q1');
    expect(truncateForRegenerate(withoutQ2, deps)?.messages.map((m) => m.content)).toEqual(['q1']);
  });

  it('ED7 undo brings the deleted message back as a copy in its place, the tombstone stays', () => {
    const { deps, chat, messages } = conversation();
    const original = messages[2]!;
    const deleted = deleteMessage(chat, original.id, deps);
    deps.clock.advance(1000);
    const restored = restoreDeletedMessage(deleted, original, deps);
    expect(restored.messages.map((m) => m.content)).toEqual(['q1', 'a1', null, 'q2', 'a2']);
    const copy = restored.messages[3]!;
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({ role: 'user', content: 'q2', createdAt: original.createdAt });
    expect(copy.deletedAt).toBeUndefined();
    expect(copy.updatedAt > original.updatedAt).toBe(true);
    // Its tombstone is gone (a reset meanwhile): nothing to undo into.
    expect(restoreDeletedMessage(chat, original, deps)).toBe(chat);
  });

  it('ED6 a fork can carry its own title and leaves tombstones out', () => {
    const { deps, chat, messages } = conversation();
    const deleted = deleteMessage(chat, messages[1]!.id, deps);
    const fork = forkChat(deleted, messages[2]!.id, deps, `${chat.chatTitle} (fork)`);
    expect(fork.chatTitle).toBe(`${chat.chatTitle} (fork)`);
    expect(fork.messages.map((m) => m.content)).toEqual(['q1', 'q2']);
    expect(forkChat(chat, messages[0]!.id, deps).chatTitle).toBe(chat.chatTitle);
  });

  it('AN1 upsert replaces a saved partial answer in place instead of adding another', () => {
    const { deps, chat } = conversation();
    const partial = message('assistant', 'par', deps);
    const once = upsertMessage(chat, partial, deps);
    const twice = upsertMessage(once, { ...partial, content: 'partial done' }, deps);
    expect(twice.messages).toHaveLength(5);
    expect(twice.messages[4]?.content).toBe('partial done');
  });
});
