import { describe, expect, it } from 'vitest';
import { newChat, parseChat } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { ChatSearchIndex } from '../../src/search/chat-search-index';
import { toSearchDocument } from '../../src/search/search-document';
import type { ChatSearchResult } from '../../src/search/search-result';
import { isoMinutes, searchDoc } from './search-test-support';

const ids = (results: readonly ChatSearchResult[]) => results.map((result) => result.chatId);
const highlightOf = (result: ChatSearchResult | undefined): string => {
  const preview = result?.preview;
  return preview?.highlight ? preview.text.slice(preview.highlight.start, preview.highlight.end) : '';
};

function indexOf(...docs: Parameters<ChatSearchIndex['upsert']>[0][]): ChatSearchIndex {
  const index = new ChatSearchIndex();
  for (const doc of docs) index.upsert(doc);
  return index;
}

describe('ChatSearchIndex', () => {
  it('SE1 an empty or blank query finds nothing', () => {
    const index = indexOf(searchDoc('a', 'Anything', ['text']));
    expect(index.search('').results).toEqual([]);
    expect(index.search('  \n ').results).toEqual([]);
  });

  it('SE1 matches the query as one phrase, across collapsed whitespace', () => {
    const index = indexOf(
      searchDoc('a', 'A', ['react\n\n  hooks are neat']),
      searchDoc('b', 'B', ['hooks in react']),
    );
    expect(ids(index.search('react hooks').results)).toEqual(['a']);
  });

  it('SE2 finds substrings inside words and in CJK text without spaces', () => {
    const index = indexOf(
      searchDoc('jp', 'Trip', ['昨日は東京タワーに行きました']),
      searchDoc('en', 'Words', ['Internationalization matters']),
    );
    expect(ids(index.search('東京').results)).toEqual(['jp']);
    expect(ids(index.search('タワー').results)).toEqual(['jp']);
    expect(ids(index.search('national').results)).toEqual(['en']);
    expect(highlightOf(index.search('東京').results[0])).toBe('東京');
  });

  it('SE2 SE4 is case-insensitive and accent-insensitive, and highlights the original text', () => {
    const index = indexOf(searchDoc('a', 'Plans', ['We met at the CAFÉ on Monday']));
    for (const query of ['café', 'cafe', 'CAFE', 'Café']) {
      const [result] = index.search(query).results;
      expect(result?.chatId).toBe('a');
      expect(highlightOf(result)).toBe('CAFÉ');
    }
  });

  it('SE3 searches user, assistant and system text but not tool results', () => {
    const chat = parseChat({
      id: 'ch-1',
      chatTitle: 'Roles',
      messages: [
        { id: 'm-sys', role: 'system', content: 'You are a pirate' },
        { id: 'm-user', role: 'user', content: [{ type: 'text', text: 'Ahoy there' }] },
        { id: 'm-fn', role: 'function', name: 'search', content: 'result: treasure map' },
        { id: 'm-bot', role: 'assistant', content: 'Arr matey' },
      ],
    });
    const index = indexOf(toSearchDocument(chat));
    expect(index.search('pirate').results[0]?.messageId).toBe('m-sys');
    expect(index.search('ahoy').results[0]?.messageId).toBe('m-user');
    expect(index.search('matey').results[0]?.messageId).toBe('m-bot');
    expect(index.search('treasure').results).toEqual([]);
  });

  it('SE8 names the first matching message in chat order and previews around the match', () => {
    const index = indexOf(
      searchDoc('a', 'Notes', ['nothing here', 'the budget for 2024 is final, says finance', 'budget again']),
    );
    const [result] = index.search('budget').results;
    expect(result).toMatchObject({ chatId: 'a', title: 'Notes', matchedIn: 'message', messageId: 'a-m1' });
    expect(result?.preview?.text).toBe('the budget for 2024 is final,');
    expect(highlightOf(result)).toBe('budget');
  });

  it('SE3c names the message the chat shows before a matching one on another version, and flags the latter', () => {
    const chat = parseChat({
      id: 'ch-v',
      chatTitle: 'Versions',
      messages: [
        { id: 'q', role: 'user', content: 'Where do zebras sleep?', parentId: null },
        { id: 'hidden', role: 'assistant', content: 'Zebras sleep standing (older answer)', parentId: 'q' },
        { id: 'shown', role: 'assistant', content: 'They sleep standing up, in groups', parentId: 'q' },
      ],
      selectedPath: { leafId: 'shown', updatedAt: 5 },
    });
    const index = indexOf(toSearchDocument(chat));
    // Both answers hold "standing": the one on screen is named, though the hidden one comes first.
    expect(index.search('standing').results[0]).toMatchObject({ messageId: 'shown', otherVersion: false });
    // Only the hidden version holds "older": named, and marked as another version.
    expect(index.search('older').results[0]).toMatchObject({ messageId: 'hidden', otherVersion: true });
    expect(index.search('where do').results[0]).toMatchObject({ messageId: 'q', otherVersion: false });
  });

  it('SE8 a title hit carries the title highlight and still points at a matching message', () => {
    const index = indexOf(searchDoc('a', 'Über Pläne', ['ich habe keine plane', 'Pläne für morgen']));
    const [result] = index.search('plane').results;
    expect(result?.matchedIn).toBe('title');
    expect(result?.titleHighlight).toEqual({ start: 5, end: 10 });
    expect(result?.messageId).toBe('a-m0');
    const onlyTitle = indexOf(searchDoc('b', 'Holiday ideas', ['nothing related']));
    expect(onlyTitle.search('holiday').results[0]).toMatchObject({ messageId: null, preview: null });
  });

  it('SE11 ranks title hits above message hits, newer first within each group', () => {
    const index = indexOf(
      searchDoc('old-title', 'Kotlin tips', [], { updatedAt: isoMinutes(1) }),
      searchDoc('new-message', 'Misc', ['kotlin coroutines'], { updatedAt: isoMinutes(5) }),
      searchDoc('new-title', 'More Kotlin', [], { updatedAt: isoMinutes(3) }),
      searchDoc('old-message', 'Other', ['I like Kotlin'], { updatedAt: isoMinutes(2) }),
      searchDoc('tie-b', 'Kotlin b', [], { updatedAt: isoMinutes(3) }),
    );
    expect(ids(index.search('kotlin').results)).toEqual([
      'new-title',
      'tie-b',
      'old-title',
      'new-message',
      'old-message',
    ]);
  });

  it('SE12 returns at most 50 by default, honours a limit and says when there are more', () => {
    const docs = Array.from({ length: 60 }, (_, i) => searchDoc(`c${i}`, `Chat ${i}`, ['shared word']));
    const index = indexOf(...docs);
    const byDefault = index.search('shared');
    expect(byDefault.results).toHaveLength(50);
    expect(byDefault.hasMore).toBe(true);
    const limited = index.search('shared', { limit: 5 });
    expect(limited.results).toHaveLength(5);
    expect(index.search('shared', { limit: 60 }).hasMore).toBe(false);
  });

  it('SE13 excludes deleted chats and flags archived ones', () => {
    const index = indexOf(
      searchDoc('live', 'Alpha', []),
      searchDoc('gone', 'Alpha deleted', [], { deleted: true }),
      searchDoc('old', 'Alpha archived', [], { archived: true }),
    );
    const results = index.search('alpha').results;
    expect(ids(results).sort()).toEqual(['live', 'old']);
    expect(results.find((result) => result.chatId === 'old')?.archived).toBe(true);
    expect(results.find((result) => result.chatId === 'live')?.archived).toBe(false);
  });

  it('SE13 toSearchDocument marks deleted and archived chats', () => {
    const deps = { clock: new FakeClock(), ids: new SequentialIdGenerator() };
    const chat = newChat({ chatTitle: 'T', archivedAt: isoMinutes(1), deletedAt: isoMinutes(2) }, deps);
    expect(toSearchDocument(chat)).toMatchObject({ archived: true, deleted: true, title: 'T' });
  });

  it('SE14 updates and removes one chat without a rebuild', () => {
    const index = indexOf(searchDoc('a', 'First', ['apples']), searchDoc('b', 'Second', ['pears']));
    expect(ids(index.search('apples').results)).toEqual(['a']);
    index.upsert(searchDoc('a', 'First', ['bananas now']));
    expect(index.search('apples').results).toEqual([]);
    expect(ids(index.search('bananas').results)).toEqual(['a']);
    expect(index.remove('b')).toBe(true);
    expect(index.search('pears').results).toEqual([]);
    expect(index.size).toBe(1);
    index.upsert(searchDoc('a', 'First', ['bananas now'], { deleted: true }));
    expect(index.size).toBe(0);
  });

  it('SE14 replacing a chat without a new updatedAt still updates its title and messages', () => {
    const at = isoMinutes(10);
    const index = indexOf(
      searchDoc('a', 'Old name', ['old text'], { updatedAt: at }),
      searchDoc('b', 'Other', []),
    );
    expect(ids(index.search('old').results)).toEqual(['a']);
    index.upsert(searchDoc('a', 'New name', ['new text'], { updatedAt: at }));
    expect(index.search('old').results).toEqual([]);
    expect(index.search('new').results[0]).toMatchObject({
      chatId: 'a',
      matchedIn: 'title',
      messageId: 'a-m0',
    });
  });

  it('SE14 a change after a query is seen by the next keystroke (the scan cache is dropped)', () => {
    const index = indexOf(searchDoc('a', 'A', ['needle in a haystack']));
    expect(ids(index.search('need').results)).toEqual(['a']);
    index.upsert(searchDoc('b', 'B', ['needles everywhere']));
    expect(ids(index.search('needl').results)).toEqual(['b', 'a']);
    index.remove('b');
    expect(ids(index.search('needle').results)).toEqual(['a']);
  });

  it('SE10 finds text at the end of a chat far larger than any indexed before', () => {
    const index = indexOf(searchDoc('small', 'Small', ['short words only']));
    const filler = Array.from({ length: 40 }, (_, i) => `message ${i} ${'lorem ipsum dolor '.repeat(150)}`);
    index.upsert(searchDoc('huge', 'Huge', [...filler, 'the quokka hides at the very end']));
    expect(ids(index.search('quokka').results)).toEqual(['huge']);
    expect(index.search('quokka').results[0]?.messageId).toBe('huge-m40');
    expect(ids(index.search('short').results)).toEqual(['small']);
  });

  it('SE10 typing on and backspacing reuse earlier scans without changing the answer', () => {
    const docs = Array.from({ length: 80 }, (_, i) =>
      searchDoc(`c${i}`, `Chat ${i}`, [i % 3 === 0 ? `token${i} alpha` : `other${i} beta`]),
    );
    const index = indexOf(...docs);
    const fresh = indexOf(...docs);
    for (const query of ['t', 'to', 'tok', 'toke', 'token', 'token4', 'token', 'tok', 'token1', 'a', 'al']) {
      expect(ids(index.search(query, { limit: 7 }).results)).toEqual(
        ids(fresh.search(query, { limit: 7 }).results),
      );
      fresh.upsert(docs[0]!); // keeps `fresh` without any cached scan
    }
  });
});
