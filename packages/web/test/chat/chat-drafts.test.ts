import { describe, expect, it } from 'vitest';
import { CHAT_DRAFTS_KEY, createChatDrafts, MAX_CHAT_DRAFTS } from '../../src/features/chat/chat-drafts';
import { memoryStorage } from '../support/memory-storage';

describe('chat drafts', () => {
  it('are stored per chat and read back by a new instance (a reload)', () => {
    const storage = memoryStorage();
    const drafts = createChatDrafts(() => storage);
    drafts.set('ch-1', 'one');
    drafts.set('', 'new chat text');
    const again = createChatDrafts(() => storage);
    expect(again.get('ch-1')).toBe('one');
    expect(again.get('')).toBe('new chat text');
    again.set('ch-1', '');
    again.delete('');
    expect(JSON.parse(storage.getItem(CHAT_DRAFTS_KEY)!)).toEqual({});
  });

  it('keep the latest 50; a damaged stored value is ignored', () => {
    const storage = memoryStorage({ [CHAT_DRAFTS_KEY]: '[1,2]' });
    const drafts = createChatDrafts(() => storage);
    expect(drafts.get('ch-0')).toBeUndefined();
    for (let i = 0; i <= MAX_CHAT_DRAFTS; i++) drafts.set(`ch-${i}`, `text ${i}`);
    const stored = JSON.parse(storage.getItem(CHAT_DRAFTS_KEY)!) as Record<string, string>;
    expect(Object.keys(stored)).toHaveLength(MAX_CHAT_DRAFTS);
    expect(stored['ch-0']).toBeUndefined();
    expect(stored[`ch-${MAX_CHAT_DRAFTS}`]).toBe(`text ${MAX_CHAT_DRAFTS}`);
  });

  it('without storage (blocked) they last for the session only', () => {
    const drafts = createChatDrafts(() => undefined);
    drafts.set('ch-1', 'kept in memory');
    expect(drafts.get('ch-1')).toBe('kept in memory');
  });
});
