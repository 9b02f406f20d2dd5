import { describe, expect, it, vi } from 'vitest';
import { chatPath } from '../../src/chat/chat-edits';
import { safeParseChat } from '../../src/entities/chat';

// Fault injection: the link step fails (as a bug or unforeseen data would make it).
vi.mock('../../src/entities/message-links', () => ({
  linkUnlinkedMessages: () => {
    throw new Error('link step broke');
  },
}));

describe('chat tree migration that fails', () => {
  it('BR7 a chat the link step fails on is kept as it was, reported, and still reads as one path', () => {
    const result = safeParseChat({
      schemaVersion: 2,
      id: 'ch-keep',
      messages: [
        { id: 'm-1', role: 'user', content: 'q', createdAt: 1 },
        { id: 'm-2', role: 'assistant', content: 'a', createdAt: 2 },
      ],
    });
    if (!result.success) throw new Error('the chat was dropped');
    expect(result.issues).toEqual([
      { path: 'messages', message: expect.stringContaining('link step broke') as string },
    ]);
    expect(result.data.messages.map((m) => [m.id, m.content, m.parentId])).toEqual([
      ['m-1', 'q', undefined],
      ['m-2', 'a', undefined],
    ]);
    expect(chatPath(result.data).map((m) => m.id)).toEqual(['m-1', 'm-2']);
  });
});
