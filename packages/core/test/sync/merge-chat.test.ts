import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/sync/canonical-json';
import { mergeChat, normaliseChat } from '../../src/sync/merge-chat';
import { deleteMessage, isMessageDeleted, visibleMessages } from '../../src/sync/merge-message';
import { at, chat, message } from '../../src/sync/test-support/sync-fixtures';

const ids = (c: { messages: { id: string }[] }) => c.messages.map((m) => m.id);

describe('mergeChat', () => {
  it('MG1 keeps every message appended on either device (union by id, never wholesale)', () => {
    const base = [message('m1', { createdAt: at(1) })];
    const longer = chat('ch-1', {
      updatedAt: at(10),
      messages: [...base, message('m2', { createdAt: at(2) }), message('m3', { createdAt: at(3) })],
    });
    const shorterButNewer = chat('ch-1', {
      updatedAt: at(20),
      chatTitle: 'Renamed',
      messages: [...base, message('m4', { createdAt: at(4) })],
    });
    const merged = mergeChat(longer, shorterButNewer);
    expect(ids(merged)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(merged.chatTitle).toBe('Renamed');
  });

  it('MG2 orders messages by createdAt, then by id', () => {
    const a = chat('ch-1', {
      messages: [message('b', { createdAt: at(5) }), message('z', { createdAt: at(1) })],
    });
    const b = chat('ch-1', {
      messages: [message('a', { createdAt: at(5) }), message('y', { createdAt: at(9) })],
    });
    expect(ids(mergeChat(a, b))).toEqual(['z', 'a', 'b', 'y']);
  });

  it('MG3 a message edited on both devices keeps the later updatedAt', () => {
    const older = message('m1', { content: 'edited on phone', updatedAt: at(5) });
    const newer = message('m1', { content: 'edited on laptop', updatedAt: at(6) });
    const a = chat('ch-1', { updatedAt: at(7), messages: [older] });
    const b = chat('ch-1', { updatedAt: at(1), messages: [newer] });
    expect(mergeChat(a, b).messages[0]?.content).toBe('edited on laptop');
    expect(mergeChat(b, a).messages[0]?.content).toBe('edited on laptop');
  });

  it('MG4 chat-level fields are last-writer-wins by updatedAt, as one unit', () => {
    const a = chat('ch-1', { updatedAt: at(5), chatTitle: 'A', folderID: 'f-1', model: 'gpt-4' });
    const b = chat('ch-1', { updatedAt: at(6), chatTitle: 'B', folderID: null, model: 'claude-3-opus' });
    const merged = mergeChat(a, b);
    expect([merged.chatTitle, merged.folderID, merged.model]).toEqual(['B', null, 'claude-3-opus']);
    expect(merged.updatedAt).toBe(at(6));
  });

  it('MG5 a deleted chat wins over a later edit and carries no messages', () => {
    const deleted = chat('ch-1', {
      updatedAt: at(5),
      deletedAt: at(5),
      documentText: 'doc',
      messages: [message('m1')],
    });
    const editedLater = chat('ch-1', {
      updatedAt: at(99),
      chatTitle: 'edited',
      messages: [message('m1'), message('m2')],
    });
    for (const merged of [mergeChat(deleted, editedLater), mergeChat(editedLater, deleted)]) {
      expect(merged.deletedAt).toBe(at(5));
      expect(merged.messages).toEqual([]);
      expect(merged.documentText).toBeNull();
    }
  });

  it('MG6 a deleted message wins over an edit of it and stays as a tombstone', () => {
    const edited = message('m1', { content: 'edited later', updatedAt: at(50) });
    const tombstone = deleteMessage(message('m1', { updatedAt: at(2) }), at(3));
    expect(tombstone).toMatchObject({ id: 'm1', content: null, deletedAt: at(3) });
    const a = chat('ch-1', { messages: [edited, message('m2', { createdAt: at(1) })] });
    const b = chat('ch-1', { messages: [tombstone] });
    const merged = mergeChat(a, b);
    expect(ids(merged)).toEqual(['m1', 'm2']);
    expect(isMessageDeleted(merged.messages[0]!)).toBe(true);
    expect(visibleMessages(merged.messages).map((m) => m.id)).toEqual(['m2']);
    expect(mergeChat(b, a)).toEqual(merged);
  });

  it('MG8 equal updatedAt: the same winner whichever side it is on', () => {
    const a = chat('ch-1', { updatedAt: at(5), chatTitle: 'alpha' });
    const b = chat('ch-1', { updatedAt: at(5), chatTitle: 'beta' });
    expect(mergeChat(a, b).chatTitle).toBe(mergeChat(b, a).chatTitle);
    const m1 = message('m', { updatedAt: at(5), content: 'one' });
    const m2 = message('m', { updatedAt: at(5), content: 'two' });
    const left = mergeChat(chat('ch-1', { messages: [m1] }), chat('ch-1', { messages: [m2] }));
    const right = mergeChat(chat('ch-1', { messages: [m2] }), chat('ch-1', { messages: [m1] }));
    expect(left.messages).toEqual(right.messages);
  });

  it('MG9 merging a chat with itself changes nothing (idempotent on normalised chats)', () => {
    const c = normaliseChat(
      chat('ch-1', { messages: [message('b', { createdAt: at(2) }), message('a', { createdAt: at(1) })] }),
    );
    expect(ids(c)).toEqual(['a', 'b']);
    expect(canonicalJson(mergeChat(c, c))).toBe(canonicalJson(c));
  });

  it('MG10 syncedAt never decides the winner; the later one is kept', () => {
    const a = chat('ch-1', { updatedAt: at(5), chatTitle: 'winner', syncedAt: at(1) });
    const b = chat('ch-1', { updatedAt: at(4), chatTitle: 'loser', syncedAt: at(9) });
    const merged = mergeChat(a, b);
    expect(merged.chatTitle).toBe('winner');
    expect(merged.syncedAt).toBe(at(9));
  });

  it('refuses to merge two different chats', () => {
    expect(() => mergeChat(chat('ch-1'), chat('ch-2'))).toThrow(/different records/);
  });
});
