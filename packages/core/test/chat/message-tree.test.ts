import { describe, expect, it } from 'vitest';
import { appendToPath, chatPath, editAsBranch, switchBranch, upsertMessage } from '../../src/chat/chat-edits';
import { planChatRequest } from '../../src/chat/chat-request-builder';
import { buildMessageTree, latestLeafUnder, siblingsOf } from '../../src/chat/message-tree';
import { chatWith, message, requestSettings, testDeps } from '../../src/chat/test-chats';
import { parseChat } from '../../src/entities/chat';

/** q1 -> a1 -> q2 -> {a2, a2b (regenerated)}; and q2' edited beside q2 with answer b. */
function branchedChat() {
  const deps = testDeps();
  const tick = () => deps.clock.advance(1000);
  const q1 = message('user', 'q1', deps);
  tick();
  const a1 = message('assistant', 'a1', deps);
  tick();
  const q2 = message('user', 'q2', deps);
  tick();
  const a2 = message('assistant', 'a2', deps);
  let chat = chatWith([q1, a1, q2, a2], deps);
  tick();
  const a2b = message('assistant', 'a2b', deps, { parentId: q2.id });
  chat = upsertMessage(chat, a2b, deps);
  tick();
  const edit = editAsBranch(chat, q2.id, "q2'", deps)!;
  tick();
  const b = message('assistant', 'b', deps, { parentId: edit.parentId });
  chat = upsertMessage(edit.chat, b, deps);
  return { deps, chat, q1, a1, q2, a2, a2b, editedId: edit.parentId, b, tick };
}

describe('message tree', () => {
  it('BR1 BR2 the path is the selected leaf and its ancestors; other versions are off it', () => {
    const { chat } = branchedChat();
    expect(chatPath(chat).map((m) => m.content)).toEqual(['q1', 'a1', "q2'", 'b']);
    expect(chat.messages).toHaveLength(7);
  });

  it('BR8 siblings are counted among the live versions in chat order', () => {
    const { chat, q2, a2, a2b, editedId } = branchedChat();
    const tree = buildMessageTree(chat.messages);
    expect(siblingsOf(tree, editedId)).toMatchObject({ index: 1 });
    expect(siblingsOf(tree, q2.id).siblings.map((m) => m.content)).toEqual(['q2', "q2'"]);
    expect(siblingsOf(tree, a2b.id)).toMatchObject({ index: 1, siblings: [a2, a2b] });
  });

  it('BR8 switching to a version shows the newest conversation under it', () => {
    const { chat, deps, q2, a2 } = branchedChat();
    const back = switchBranch(chat, q2.id, deps);
    expect(chatPath(back).map((m) => m.content)).toEqual(['q1', 'a1', 'q2', 'a2b']);
    const older = switchBranch(back, a2.id, deps);
    expect(chatPath(older).map((m) => m.content)).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(older.selectedPath).toEqual({
      leafId: a2.id,
      updatedAt: new Date(deps.clock.now()).toISOString(),
    });
    expect(latestLeafUnder(buildMessageTree(chat.messages), q2.id)).not.toBe(a2.id);
  });

  it('BR5 the request carries the selected path only', () => {
    const { chat, deps, a2 } = branchedChat();
    const older = switchBranch(chat, a2.id, deps);
    const asked = appendToPath(older, message('user', 'q3', deps), deps);
    const plan = planChatRequest({
      chat: asked,
      settings: requestSettings(),
      access: { apiKey: 'k' },
      prompt: { now: new Date(0), locale: 'en', timeZone: 'UTC' },
    });
    if (plan.kind !== 'ready') throw new Error('expected a plan');
    expect(plan.request.messages.map((m) => m.content)).toEqual([
      'You are a helpful AI assistant.',
      'q1',
      'a1',
      'q2',
      'a2',
      'q3',
    ]);
  });

  it('BR3 below the selected leaf the path goes on through the newest child (added on another device)', () => {
    const { chat, deps, a2, tick } = branchedChat();
    const older = switchBranch(chat, a2.id, deps);
    tick();
    const elsewhere = {
      ...older,
      messages: [...older.messages, message('user', 'from the phone', deps, { parentId: a2.id })],
    };
    expect(chatPath(elsewhere).map((m) => m.content)).toEqual(['q1', 'a1', 'q2', 'a2', 'from the phone']);
    expect(chatPath({ ...chat, selectedPath: null }).map((m) => m.content)).toEqual(['q1', 'a1', "q2'", 'b']);
  });

  it('BR4 a selected leaf that was deleted leaves the path at its live part, then the newest child', () => {
    const { chat, deps, b } = branchedChat();
    const gone = {
      ...chat,
      messages: chat.messages.map((m) =>
        m.id === b.id ? { ...m, deletedAt: new Date(deps.clock.now()).toISOString() } : m,
      ),
    };
    expect(chatPath(gone).map((m) => m.content)).toEqual(['q1', 'a1', "q2'"]);
  });

  it('BR6 links to a missing message, to itself or round a loop count as roots; nothing hangs', () => {
    const chat = parseChat({
      id: 'ch-loops',
      messages: [
        { id: 'm-a', role: 'user', content: 'a', parentId: 'm-b', createdAt: 1 },
        { id: 'm-b', role: 'assistant', content: 'b', parentId: 'm-a', createdAt: 2 },
        { id: 'm-c', role: 'user', content: 'c', parentId: 'm-c', createdAt: 3 },
        { id: 'm-d', role: 'user', content: 'd', parentId: 'm-gone', createdAt: 4 },
      ],
    });
    const tree = buildMessageTree(chat.messages);
    // The loop a <-> b is cut where the walk from the first message met itself.
    expect(tree.childrenOf(null).map((m) => m.id)).toEqual(['m-a', 'm-c', 'm-d']);
    expect(tree.parentOf('m-b')).toBe('m-a');
    // The newest root, then down: d has no children.
    expect(chatPath(chat).map((m) => m.id)).toEqual(['m-d']);
  });
});
