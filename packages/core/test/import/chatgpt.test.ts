import { describe, expect, it } from 'vitest';
import { readImport, summarizeImport } from '../../src/import';
import type { ImportResult } from '../../src/import';
import { messageText } from '../../src/entities';
import { selectedPathOf } from '../../src/chat/message-tree';
import { chatGPTTree, msg, text } from './chatgpt-fixture';
import type { Node } from './chatgpt-fixture';

const NOW = Date.parse('2026-01-01T00:00:00Z');

function importJson(json: unknown): ImportResult {
  const outcome = readImport([{ name: 'conversations.json', json }], { fromZip: false, now: NOW });
  if (!outcome.ok) throw new Error(outcome.failure);
  return outcome.result;
}

describe('ChatGPT conversations.json', () => {
  it('IM1 IM4 IM10 keeps every branch, selects current_node, and cuts hidden nodes out of the tree', () => {
    const result = importJson([chatGPTTree()]);
    expect(result.format).toBe('chatgpt');
    const [chat] = result.chats;
    expect(chat!.messages.map((m) => messageText(m))).toEqual([
      'First wording',
      'Answer to the first wording',
      expect.stringContaining('What is in this picture?'),
      'Old answer [Soup](https://soup.example)',
      'A bowl of soup ([Soup](https://soup.example)).',
      'Regenerated answer',
    ]);
    const path = selectedPathOf(chat!);
    expect(path.map((m) => messageText(m))).toEqual([
      expect.stringContaining('What is in this picture?'),
      'A bowl of soup ([Soup](https://soup.example)).',
    ]);
    // The two user siblings (an edit) are both roots: the hidden ancestors were cut out.
    const roots = chat!.messages.filter((m) => m.parentId === null);
    expect(roots).toHaveLength(2);
  });

  it('IM11 custom instructions become the system message, thoughts the reasoning of the next answer, and the model is kept', () => {
    const [chat] = importJson([chatGPTTree()]).chats;
    expect(chat!.systemMessage).toBe('I am a cook.\n\nBe brief.');
    const answer = chat!.messages.find((m) => messageText(m).startsWith('A bowl'))!;
    expect(answer.reasoning).toBe('Looking\nIt is a bowl.');
    expect(answer.model).toBe('o4-mini');
    expect(chat!.model).toBe('gpt-4o');
    expect(chat!.chatTitle).toBe('Soup picture');
    expect(chat!.createdAt).toBe('2023-11-14T22:13:19.250Z');
  });

  it('IM12 an image pointer becomes a visible placeholder and counts as a loss; tool traffic and hidden nodes are counted', () => {
    const result = importJson([chatGPTTree()]);
    const picture = result.chats[0]!.messages.find((m) => messageText(m).includes('picture'))!;
    expect(messageText(picture)).toContain('[Image not imported: file-service://file-abc]');
    expect(result.skipped).toMatchObject({ attachmentLost: 1, toolTraffic: 2, hidden: 3 });
    // The null root and the empty system message under it are the tree's frame, not skipped messages.
    expect(result.skipped.empty).toBeUndefined();
  });

  it('IM3 each child is later than its parent even when the file stamps it earlier', () => {
    const tree = chatGPTTree();
    const mapping = tree.mapping as Record<string, Node>;
    (mapping.a0!.message as { create_time: number }).create_time = 1600000000;
    const [chat] = importJson([tree]).chats;
    const byId = new Map(chat!.messages.map((m) => [m.id, m]));
    for (const m of chat!.messages) {
      if (m.parentId) expect(m.createdAt > byId.get(m.parentId)!.createdAt).toBe(true);
    }
  });

  it('IM4 without current_node the newest leaf is selected', () => {
    const tree = { ...chatGPTTree(), current_node: 'missing' };
    const [chat] = importJson([tree]).chats;
    expect(messageText(selectedPathOf(chat!).at(-1)!)).toBe('Regenerated answer');
  });

  it('IM8 a conversation without mapping is a problem of its own, the others import; a cycle does not hang', () => {
    const cyclic = {
      conversation_id: 'cyc',
      title: 'Loop',
      mapping: {
        x: { id: 'x', parent: 'y', children: ['y'], message: msg('user', text('x')) },
        y: { id: 'y', parent: 'x', children: ['x'], message: msg('assistant', text('y')) },
      },
    };
    const result = importJson([{ title: 'Broken', id: 'b' }, chatGPTTree(), cyclic]);
    expect(result.chats).toHaveLength(2);
    expect(result.problems).toEqual([
      { item: 'conversation 1 (Broken)', reason: 'it has no message tree (mapping)' },
    ]);
    expect(result.chats[1]!.messages).toHaveLength(2);
  });

  it('IM5 importing the same file twice gives the same ids; one message id in two conversations stays two messages', () => {
    const a = importJson([chatGPTTree()]);
    const b = importJson([chatGPTTree()]);
    expect(b.chats).toEqual(a.chats);
    const other = { ...chatGPTTree(), conversation_id: 'conv-2', id: 'conv-2' };
    const both = importJson([chatGPTTree(), other]);
    expect(new Set(both.chats.flatMap((c) => c.messages.map((m) => m.id))).size).toBe(12);
    expect(both.chats[0]!.id).not.toBe(both.chats[1]!.id);
  });

  it('IM6 the summary counts chats, messages, branched chats and the date range', () => {
    const summary = summarizeImport(importJson([chatGPTTree()]));
    expect(summary).toMatchObject({
      chats: 1,
      messages: 6,
      branchedChats: 1,
      from: '2023-11-14T22:13:19.250Z',
      to: '2023-11-14T22:14:10.000Z',
    });
  });

  it('IM2 a zip with split conversations-NNN.json parts and chat.html reads every part', () => {
    const second = { ...chatGPTTree(), conversation_id: 'conv-2', id: 'conv-2' };
    const outcome = readImport(
      [
        { name: 'chat.html', json: null },
        { name: 'conversations-001.json', json: [second] },
        { name: 'conversations-000.json', json: [chatGPTTree()] },
      ],
      { fromZip: true, now: NOW },
    );
    expect(outcome.ok && outcome.result.chats.map((c) => c.chatTitle)).toEqual([
      'Soup picture',
      'Soup picture',
    ]);
  });
});
