import { describe, expect, it } from 'vitest';
import { parseChat } from '../../src/entities/chat';
import { isParsedMessage, rememberCleanMessages } from '../../src/entities/message';

const raw = () => ({
  id: 'chat-1',
  chatTitle: 'Saved again',
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-01T00:00:05.000Z',
  messages: [
    { id: 'm1', parentId: null, role: 'user', content: 'Hello', createdAt: '2024-05-01T00:00:01.000Z' },
    { id: 'm2', parentId: 'm1', role: 'assistant', content: 'Hi', createdAt: '2024-05-01T00:00:02.000Z' },
  ],
});

describe('saving a parsed chat again', () => {
  it('keeps the messages an earlier parse produced as they are', () => {
    const first = parseChat(raw());
    expect(first.messages.every(isParsedMessage)).toBe(true);
    const changed = { ...first, chatTitle: 'Renamed' };
    const second = parseChat(changed);
    expect(second.chatTitle).toBe('Renamed');
    expect(second.messages[0]).toBe(first.messages[0]);
    expect(second.messages[1]).toBe(first.messages[1]);
  });

  it('still validates a message made since (a copy is not taken on trust)', () => {
    const first = parseChat(raw());
    const edited = { ...first.messages[1]!, content: 42 };
    const second = parseChat({ ...first, messages: [first.messages[0], edited] });
    expect(second.messages[1]).not.toBe(edited);
    expect(isParsedMessage(edited)).toBe(false);
    expect(second.messages).toHaveLength(2);
  });

  it('gives a parsed message that appears twice a new id the second time', () => {
    const first = parseChat(raw());
    const twice = parseChat({ ...first, messages: [first.messages[0], first.messages[0]] });
    expect(twice.messages).toHaveLength(2);
    expect(twice.messages[1]!.id).not.toBe(twice.messages[0]!.id);
  });

  it('a process that turns the memory off (the sync server) validates every message each time, with the same result', () => {
    const remembered = parseChat(raw());
    rememberCleanMessages(false);
    try {
      const first = parseChat(raw());
      expect(first.messages.some(isParsedMessage)).toBe(false);
      const second = parseChat({ ...first, chatTitle: 'Renamed' });
      expect(second.messages[0]).not.toBe(first.messages[0]);
      expect(second.messages).toEqual(remembered.messages);
    } finally {
      rememberCleanMessages(true);
    }
    expect(parseChat(raw()).messages.every(isParsedMessage)).toBe(true);
  });
});
