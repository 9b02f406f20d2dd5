import { describe, expect, it } from 'vitest';
import { avatarInitial, chatProvider } from '../../src/features/sidebar/chat-avatar';

describe('chat avatars', () => {
  it('tells GPT and Gemini chats apart by provider, not by the first letter of the model id', () => {
    expect(chatProvider({ model: 'gpt-4-turbo', modelInfo: null })).toBe('openai');
    expect(chatProvider({ model: 'gemini-1.5-pro', modelInfo: null })).toBe('gemini');
    expect(chatProvider({ model: 'claude-3-haiku', modelInfo: null })).toBe('anthropic');
  });

  it('reads the provider from the chat’s model copy when the catalogue does not know the model', () => {
    expect(chatProvider({ model: 'my-model', modelInfo: { provider: 'openrouter' } })).toBe('openrouter');
    expect(chatProvider({ model: 'my-model', modelInfo: { provider: 'nonsense' } })).toBeUndefined();
    expect(chatProvider({ model: 'my-model', modelInfo: null })).toBeUndefined();
  });

  it('keeps an initial for names without a provider mark', () => {
    expect(avatarInitial(' écho')).toBe('É');
    expect(avatarInitial('')).toBe('?');
  });
});
