import { describe, expect, it } from 'vitest';
import { tagFilterPredicate, tagsInUse } from '../../src/features/organise/tag-filter';

const chats = [
  { id: 'none', tags: [] },
  { id: 'work', tags: ['work'] },
  { id: 'both', tags: ['work', 'urgent'] },
  { id: 'home', tags: ['home'] },
];
const ids = (mode: 'NONE' | 'ALL' | 'WITH_TAGS', tags: string[]) =>
  chats.filter(tagFilterPredicate({ mode, tags })).map((chat) => chat.id);

describe('tag filter modes (spec section 3: NONE, ALL, WITH_TAGS)', () => {
  it('NONE lists every chat, whatever tags are selected', () => {
    expect(ids('NONE', ['work'])).toEqual(['none', 'work', 'both', 'home']);
  });
  it('ALL lists chats carrying every selected tag', () => {
    expect(ids('ALL', ['work', 'urgent'])).toEqual(['both']);
    expect(ids('ALL', ['work'])).toEqual(['work', 'both']);
    expect(ids('ALL', [])).toEqual(['none', 'work', 'both', 'home']);
  });
  it('WITH_TAGS lists chats carrying any selected tag, or any tag at all when none is selected', () => {
    expect(ids('WITH_TAGS', ['urgent', 'home'])).toEqual(['both', 'home']);
    expect(ids('WITH_TAGS', [])).toEqual(['work', 'both', 'home']);
  });
  it('suggests tags in use, most used first', () => {
    expect(tagsInUse(chats)).toEqual(['work', 'home', 'urgent']);
  });
});
