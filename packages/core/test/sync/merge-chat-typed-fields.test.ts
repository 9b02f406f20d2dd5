import { describe, expect, it } from 'vitest';
import { messagesAfterBoundary } from '../../src/chat/context-window';
import { isContextBoundary } from '../../src/entities';
import { canonicalJson } from '../../src/sync/canonical-json';
import { ChatItemSchema } from '../../src/sync/entity-items';
import { mergeChat, normaliseChat } from '../../src/sync/merge-chat';
import { deleteMessage } from '../../src/sync/merge-message';
import { at, chat, message } from '../../src/sync/test-support/sync-fixtures';

/** The chat's model settings (chat-level) and Clear Context markers (message-level) through merge. */

const marker = (id: string, seconds: number) =>
  message(id, {
    role: 'system',
    content: null,
    contextBoundary: true,
    createdAt: at(seconds),
    updatedAt: at(seconds),
  });

function chatWithBothFields() {
  return normaliseChat(
    chat('ch-1', {
      updatedAt: at(10),
      modelSettings: { temperature: 0.3, topK: null, contextLimit: 4, stream: false },
      messages: [
        message('m1', { createdAt: at(1), updatedAt: at(1) }),
        marker('m2', 2),
        message('m3', { createdAt: at(3), updatedAt: at(3) }),
      ],
    }),
  );
}

describe('mergeChat with model settings and context boundaries', () => {
  it('MG4 MG9 a chat with both fields round-trips through the wire and merge unchanged', () => {
    const local = chatWithBothFields();
    const fromWire = ChatItemSchema.parse(JSON.parse(canonicalJson(local)));
    expect(fromWire).toEqual(local);
    for (const merged of [mergeChat(local, fromWire), mergeChat(fromWire, local), mergeChat(local, local)]) {
      expect(merged.modelSettings).toEqual({ temperature: 0.3, topK: null, contextLimit: 4, stream: false });
      expect(merged.messages.map((m) => [m.id, isContextBoundary(m)])).toEqual([
        ['m1', false],
        ['m2', true],
        ['m3', false],
      ]);
      expect(canonicalJson(merged)).toBe(canonicalJson(local));
    }
  });

  it('MG4 model settings are a chat-level field: the later chat version wins them whole, not key by key', () => {
    const older = chat('ch-1', { updatedAt: at(5), modelSettings: { temperature: 0.2, topP: 0.5 } });
    const newer = chat('ch-1', { updatedAt: at(6), modelSettings: { temperature: 0.9 } });
    expect(mergeChat(older, newer).modelSettings).toEqual({ temperature: 0.9 });
    expect(mergeChat(newer, older).modelSettings).toEqual({ temperature: 0.9 });
    const cleared = chat('ch-1', { updatedAt: at(7) });
    expect(mergeChat(newer, cleared).modelSettings).toBeUndefined();
  });

  it('MG1 MG2 a marker made on one device and a message sent on another both survive, in time order', () => {
    const base = [message('m1', { createdAt: at(1), updatedAt: at(1) })];
    const clearedOnLaptop = chat('ch-1', { updatedAt: at(20), messages: [...base, marker('m-marker', 5)] });
    const askedOnPhone = chat('ch-1', {
      updatedAt: at(10),
      messages: [...base, message('m-phone', { createdAt: at(7), updatedAt: at(7), content: 'new topic' })],
    });
    const merged = mergeChat(clearedOnLaptop, askedOnPhone);
    expect(merged.messages.map((m) => m.id)).toEqual(['m1', 'm-marker', 'm-phone']);
    expect(merged.messages[1]?.contextBoundary).toBe(true);
    expect(messagesAfterBoundary(merged.messages).map((m) => m.content)).toEqual(['new topic']);
    expect(mergeChat(askedOnPhone, clearedOnLaptop)).toEqual(merged);
  });

  it('MG6 a deleted marker stays deleted: its tombstone is no boundary on any device', () => {
    const live = chatWithBothFields();
    const deletedElsewhere = {
      ...live,
      updatedAt: at(30),
      messages: live.messages.map((m) => (m.id === 'm2' ? deleteMessage(m, at(30)) : m)),
    };
    for (const merged of [mergeChat(live, deletedElsewhere), mergeChat(deletedElsewhere, live)]) {
      expect(merged.messages.find((m) => m.id === 'm2')).toMatchObject({ deletedAt: at(30), content: null });
      expect(merged.messages.some(isContextBoundary)).toBe(false);
      expect(messagesAfterBoundary(merged.messages).map((m) => m.id)).toEqual(['m1', 'm3']);
      expect(merged.modelSettings).toEqual(live.modelSettings);
    }
  });
});
