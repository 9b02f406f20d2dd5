import { describe, expect, it } from 'vitest';
import { ChatSearchIndex } from '../../src/search/chat-search-index';
import {
  fromIndexedChatRecord,
  SEARCH_INDEX_FORMAT,
  stampOnlyRecord,
  toIndexedChatRecord,
} from '../../src/search/indexed-chat-record';
import type { SearchDocument } from '../../src/search/search-document';
import { searchDoc } from './search-test-support';

const docs: SearchDocument[] = [
  searchDoc('a', 'Café plans', ['We met at the CAFÉ on Monday', 'then the ＡＢＣ museum']),
  searchDoc('b', 'Trip', ['昨日は東京タワーに行きました', 'cafe au lait 👍🏽 after']),
  searchDoc('c', 'Versions', ['first answer about cafes', 'second answer about cafes'], {
    messages: [
      { id: 'c-m0', text: 'first answer about cafes', otherVersion: true },
      { id: 'c-m1', text: 'second answer about cafes' },
    ],
  }),
  searchDoc('d', 'Archived cafe', ['nothing else'], { archived: true }),
];
const QUERIES = ['cafe', 'café', 'abc', '東京', 'answer about', 'au lait 👍', 'nothing', 'zzz'];

describe('persisted index entries (SE17)', () => {
  it('SE17 SE10 an index rebuilt from its records, texts given back from elsewhere, answers exactly as the original', () => {
    const original = new ChatSearchIndex();
    for (const doc of docs) original.upsert(doc);
    const restored = new ChatSearchIndex({ keepTexts: false });
    for (const doc of docs) {
      // Through a structured clone, as IndexedDB stores it.
      const found = fromIndexedChatRecord(structuredClone(toIndexedChatRecord(original.get(doc.id)!)));
      if (found.kind !== 'entry') throw new Error(found.kind);
      expect(found.chat.texts).toBeNull();
      restored.insert(found.chat);
    }
    const textsOf = new Map(docs.map((doc) => [doc.id, doc.messages.map((message) => message.text)]));
    for (const query of QUERIES) {
      const answer = restored.resultsOf(
        restored.find(query),
        (hit) => textsOf.get(hit.chat.id)?.[hit.message],
      );
      expect(answer).toEqual(original.search(query));
    }
  });

  it('SE14 SE17 an entry read back is re-indexed in place when its chat is edited', () => {
    const original = new ChatSearchIndex();
    original.upsert(docs[0]!);
    const found = fromIndexedChatRecord(structuredClone(toIndexedChatRecord(original.get('a')!)));
    const index = new ChatSearchIndex({ keepTexts: false });
    if (found.kind === 'entry') index.insert(found.chat);
    index.upsert({ ...docs[0]!, messages: [...docs[0]!.messages, { id: 'a-m2', text: 'a new line' }] });
    expect(index.search('new line').results.map((result) => result.messageId)).toEqual(['a-m2']);
    expect(index.search('cafe').results.map((result) => result.messageId)).toEqual(['a-m0']);
  });

  it('SE17 tells another format, damage and stamps apart, never throwing', () => {
    const index = new ChatSearchIndex();
    index.upsert(docs[1]!);
    const record = toIndexedChatRecord(index.get('b')!);
    expect(fromIndexedChatRecord({ ...record, format: SEARCH_INDEX_FORMAT + 1 }).kind).toBe('stale');
    expect(fromIndexedChatRecord(null).kind).toBe('damaged');
    expect(fromIndexedChatRecord({ ...record, id: 3 }).kind).toBe('damaged');
    expect(
      fromIndexedChatRecord({ ...record, entry: { ...record.entry, filterStarts: new Uint32Array([0, 3]) } })
        .kind,
    ).toBe('damaged');
    expect(fromIndexedChatRecord({ ...record, entry: { ...record.entry, messageIds: ['x'] } }).kind).toBe(
      'damaged',
    );
    expect(fromIndexedChatRecord(stampOnlyRecord('gone', '2024-01-01T00:00:00.000Z'))).toEqual({
      kind: 'stamp',
      id: 'gone',
      updatedAt: '2024-01-01T00:00:00.000Z',
    });
  });
});
