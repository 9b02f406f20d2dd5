import { describe, expect, it } from 'vitest';
import { isContextBoundary } from '../../src/chat/chat-messages';
import {
  clearContext,
  deleteMessage,
  branchToDelete,
  chatPath,
  chatUpTo,
  editAsBranch,
  withAttachmentsOf,
  forkChat,
  isDeletedMessage,
  lastUserMessage,
  resetChat,
  regenerateTarget,
  restoreDeletedMessages,
  switchBranch,
  togglePinned,
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

  it('ED2 edit adds the new text as a sibling user message, selected; the original branch stays', () => {
    const { deps, chat, messages } = conversation();
    deps.clock.advance(1000);
    const edited = editAsBranch(chat, messages[2]!.id, 'q2 again', deps)!;
    expect(edited.chat.messages).toHaveLength(5);
    expect(chatPath(edited.chat).map((m) => m.content)).toEqual(['q1', 'a1', 'q2 again']);
    const copy = edited.chat.messages[4]!;
    expect(copy).toMatchObject({ role: 'user', content: 'q2 again', parentId: messages[1]!.id });
    expect(edited.parentId).toBe(copy.id);
    expect(edited.chat.messages.slice(0, 4)).toEqual(chat.messages);
    expect(editAsBranch(chat, messages[1]!.id, 'nope', deps)).toBeUndefined();
  });

  it('ED8 an edit keeps the attachments of the message it edits', () => {
    const { deps, chat, messages } = conversation();
    const image = { type: 'image_url' as const, image_url: { url: 'attachment:att-1' } };
    const file = { type: 'tm_text_file' as const, text: 'notes', metadata: { name: 'notes.txt' } };
    const withFiles = {
      ...chat,
      messages: chat.messages.map((m) =>
        m.id === messages[2]!.id
          ? { ...m, content: [image, file, { type: 'text' as const, text: 'q2' }] }
          : m,
      ),
    };
    const edited = editAsBranch(withFiles, messages[2]!.id, 'q2 again', deps)!;
    expect(edited.chat.messages.at(-1)?.content).toEqual([image, file, { type: 'text', text: 'q2 again' }]);
    expect(withAttachmentsOf([image, { type: 'text', text: 'old' }], '')).toEqual([image]);
    expect(withAttachmentsOf('old', 'new')).toBe('new');
  });

  it('ED3 regenerate answers the last user message of the path again; the earlier answer stays', () => {
    const { deps, chat, messages } = conversation();
    const target = regenerateTarget(chat, deps)!;
    expect(target.chat).toBe(chat);
    expect(target.parentId).toBe(messages[2]!.id);
    expect(chatUpTo(chat, target.parentId).messages.map((m) => m.content)).toEqual(['q1', 'a1', 'q2']);
    deps.clock.advance(1000);
    const answered = upsertMessage(
      chat,
      message('assistant', 'a2 again', deps, { parentId: target.parentId }),
      deps,
    );
    expect(chatPath(answered).map((m) => m.content)).toEqual(['q1', 'a1', 'q2', 'a2 again']);
    expect(answered.messages).toHaveLength(5);
    expect(lastUserMessage(chat)?.content).toBe('q2');
    const onlyAssistant = chatWith([message('assistant', 'welcome', deps)], deps);
    expect(regenerateTarget(onlyAssistant, deps)).toBeUndefined();
  });

  it('ED3 a failed answer without text is deleted when it is asked for again', () => {
    const { deps, chat } = conversation();
    const failedAnswer = message('assistant', '', deps, { error: { code: 'offline', message: '' } });
    const failed = upsertMessage(chat, failedAnswer, deps);
    const target = regenerateTarget(failed, deps)!;
    expect(target.chat.messages.find((m) => m.id === failedAnswer.id)?.deletedAt).toEqual(expect.any(String));
    expect(chatPath(target.chat).map((m) => m.content)).toEqual(['q1', 'a1', 'q2', 'a2']);
  });

  it('ED3 a chat that ends with a user message is answered as it is', () => {
    const { deps } = conversation();
    const pending = chatWith([message('user', 'waiting', deps)], deps);
    expect(regenerateTarget(pending, deps)).toEqual({ chat: pending, parentId: pending.messages[0]!.id });
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

  it('ED5 delete turns the message and everything under it into tombstones (MG6, BR4); pin toggles', () => {
    const { deps, chat, messages } = conversation();
    const deleted = deleteMessage(chat, messages[2]!.id, deps);
    expect(deleted.messages.map((m) => m.content)).toEqual(['q1', 'a1', null, null]);
    expect(deleted.messages[2]).toMatchObject({
      id: messages[2]!.id,
      parentId: messages[1]!.id,
      role: 'user',
      deletedAt: expect.any(String),
    });
    expect(deleted.messages.slice(2).every(isDeletedMessage)).toBe(true);
    expect(chatPath(deleted).map((m) => m.content)).toEqual(['q1', 'a1']);
    // Deleting again, or an unknown id, changes nothing.
    expect(deleteMessage(deleted, messages[2]!.id, deps)).toBe(deleted);
    expect(deleteMessage(chat, 'm-unknown', deps)).toBe(chat);
    const pinned = togglePinned(chat, messages[1]!.id, deps);
    expect(pinned.messages[1]?.pinned).toBe(true);
    expect(togglePinned(pinned, messages[1]!.id, deps).messages[1]?.pinned).toBe(false);
  });

  it('ED5 a deleted message is in no rule: regenerate and "last user message" skip it', () => {
    const { deps, chat, messages } = conversation();
    const withoutQ2 = deleteMessage(chat, messages[2]!.id, deps);
    expect(lastUserMessage(withoutQ2)?.content).toBe('q1');
    expect(regenerateTarget(withoutQ2, deps)?.parentId).toBe(messages[0]!.id);
  });

  it('ED7 undo brings the deleted branch back as copies in place, selected again; tombstones stay', () => {
    const { deps, chat, messages } = conversation();
    const selected = switchBranch(chat, messages[3]!.id, deps);
    const branch = branchToDelete(selected, messages[2]!.id)!;
    expect(branch.messages.map((m) => m.content)).toEqual(['q2', 'a2']);
    const deleted = deleteMessage(selected, messages[2]!.id, deps);
    deps.clock.advance(1000);
    const restored = restoreDeletedMessages(deleted, branch, deps);
    expect(restored.messages.map((m) => m.content)).toEqual(['q1', 'a1', null, 'q2', null, 'a2']);
    const [q2, a2] = [restored.messages[3]!, restored.messages[5]!];
    expect(q2.id).not.toBe(messages[2]!.id);
    expect(q2).toMatchObject({ role: 'user', createdAt: messages[2]!.createdAt, parentId: messages[1]!.id });
    expect(a2.parentId).toBe(q2.id);
    expect(q2.deletedAt).toBeUndefined();
    expect(q2.updatedAt > messages[2]!.updatedAt).toBe(true);
    expect(restored.selectedPath?.leafId).toBe(a2.id);
    expect(chatPath(restored).map((m) => m.content)).toEqual(['q1', 'a1', 'q2', 'a2']);
    // Its tombstone is gone (a reset meanwhile): nothing to undo into.
    expect(restoreDeletedMessages(chat, branch, deps)).toBe(chat);
  });

  it('ED1 fork copies the selected path only, linked as one path', () => {
    const { deps, chat, messages } = conversation();
    deps.clock.advance(1000);
    const other = editAsBranch(chat, messages[2]!.id, 'q2 other', deps)!.chat;
    const back = switchBranch(other, messages[2]!.id, deps);
    const fork = forkChat(back, messages[3]!.id, deps);
    expect(fork.messages.map((m) => m.content)).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(fork.messages.map((m) => m.parentId)).toEqual([
      null,
      ...fork.messages.slice(0, 3).map((m) => m.id),
    ]);
    expect(fork.selectedPath).toBeNull();
  });

  it('ED6 a fork can carry its own title and leaves tombstones out', () => {
    const { deps, chat, messages } = conversation();
    const deleted = deleteMessage(chat, messages[3]!.id, deps);
    const fork = forkChat(deleted, messages[2]!.id, deps, `${chat.chatTitle} (fork)`);
    expect(fork.chatTitle).toBe(`${chat.chatTitle} (fork)`);
    expect(fork.messages.map((m) => m.content)).toEqual(['q1', 'a1', 'q2']);
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
