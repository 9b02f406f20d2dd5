import { describe, expect, it } from 'vitest';
import { parseChat } from '../../src/entities/chat';
import { summarizeChat } from '../../src/entities/chat-summary';

describe('summarizeChat', () => {
  const chat = parseChat({
    id: 'ch-1',
    chatTitle: 'Trip',
    folderID: 'f1',
    model: 'gpt-4',
    tags: [{ name: 'travel' }],
    character: { id: 'character-x', title: 'Guide', avatarURL: 'https://a/b.png', instruction: 'secret' },
    messages: [
      { id: 'a', role: 'user', content: 'First question' },
      { id: 'b', role: 'assistant', content: 'A'.repeat(49) + 'é😀 and more' },
      { id: 'c', role: 'function', content: 'tool output' },
      { id: 'd', role: 'system', content: 'system text' },
    ],
  });

  it('EN12 preview is the first 50 characters of the last user or assistant message', () => {
    expect(summarizeChat(chat).preview).toBe('A'.repeat(49) + 'é');
  });

  it('EN12 the summary carries the sidebar fields and the character without its instruction', () => {
    expect(summarizeChat(chat)).toMatchObject({
      id: 'ch-1',
      chatID: 'ch-1',
      title: 'Trip',
      folderID: 'f1',
      model: 'gpt-4',
      tags: ['travel'],
      messageCount: 4,
      character: { id: 'character-x', title: 'Guide', avatarURL: 'https://a/b.png' },
    });
    expect(JSON.stringify(summarizeChat(chat))).not.toContain('secret');
  });

  it("EN23 the summary leaves out the chat's model copy", () => {
    const withModel = parseChat({ id: 'ch-3', model: 'gpt-4', modelInfo: { id: 'gpt-4', title: 'GPT-4' } });
    expect(withModel.modelInfo).not.toBeNull();
    expect(summarizeChat(withModel)).toMatchObject({ model: 'gpt-4', modelInfo: null });
  });

  it('EN12 a chat without user or assistant messages has an empty preview', () => {
    expect(summarizeChat(parseChat({ id: 'ch-2' })).preview).toBe('');
  });
});
