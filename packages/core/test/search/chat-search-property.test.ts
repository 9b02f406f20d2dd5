import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChatSearchIndex } from '../../src/search/chat-search-index';
import { normalizeForSearch, normalizeQuery } from '../../src/search/normalize-text';
import type { SearchDocument } from '../../src/search/search-document';
import { isoMinutes } from './search-test-support';

/** The oracle: a plain linear scan with the spec's ranking (SE10, SE11, SE13), written independently. */
function linearScan(docs: readonly SearchDocument[], query: string, limit: number): string[] {
  const q = normalizeQuery(query);
  if (q === '') return [];
  const latest = new Map(docs.map((doc) => [doc.id, doc]));
  const live = [...latest.values()].filter((doc) => !doc.deleted);
  const newest = (a: SearchDocument, b: SearchDocument) =>
    a.updatedAt === b.updatedAt ? (a.id < b.id ? -1 : 1) : a.updatedAt < b.updatedAt ? 1 : -1;
  const inTitle = live.filter((doc) => normalizeForSearch(doc.title).includes(q)).sort(newest);
  const inMessage = live
    .filter((doc) => !inTitle.includes(doc))
    .filter((doc) => doc.messages.some((message) => normalizeForSearch(message.text).includes(q)))
    .sort(newest);
  return [...inTitle, ...inMessage].slice(0, limit).map((doc) => doc.id);
}

// A small alphabet so random queries actually hit: letters with and without accents, case, CJK,
// emoji, spaces and newlines.
const piece = fc.constantFrom(
  'a',
  'b',
  'é',
  'E',
  'ab',
  'AB',
  'ba',
  ' ',
  '\n',
  '東',
  '京',
  '東京',
  '😀',
  'ß',
  'ss',
  'ﬁ',
  'fi',
  'ガ',
  'カ',
);
const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
const doc = fc.record({
  id: fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'),
  title: text,
  minute: fc.integer({ min: 0, max: 5 }),
  archived: fc.boolean(),
  deleted: fc.boolean(),
  texts: fc.array(text, { maxLength: 4 }),
});

describe('ChatSearchIndex against a linear scan', () => {
  it('SE10 SE11 SE13 SE14 finds exactly the chats a linear scan finds, in the same order', () => {
    fc.assert(
      fc.property(
        fc.array(doc, { maxLength: 14 }),
        fc.array(text, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (raw, queries, limit) => {
          const docs: SearchDocument[] = raw.map((entry) => ({
            id: entry.id,
            title: entry.title,
            updatedAt: isoMinutes(entry.minute),
            archived: entry.archived,
            deleted: entry.deleted,
            messages: entry.texts.map((value, i) => ({ id: `${entry.id}-m${i}`, text: value })),
          }));
          // Upserting the same id again replaces it (SE14): the oracle keeps the last one too.
          const index = new ChatSearchIndex();
          for (const entry of docs) index.upsert(entry);
          for (const query of queries) {
            const expected = linearScan(docs, query, limit);
            const response = index.search(query, { limit });
            expect(response.results.map((result) => result.chatId)).toEqual(expected);
            for (const result of response.results) {
              const source = docs.findLast((entry) => entry.id === result.chatId)!;
              expect(result.archived).toBe(source.archived);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('SE8 SE10 typing a query key by key (each keystroke narrows the last) gives what a fresh index gives, message and preview included', () => {
    fc.assert(
      fc.property(
        fc.array(doc, { maxLength: 14 }),
        fc.array(piece, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 6 }),
        (raw, keys, limit) => {
          const docs: SearchDocument[] = raw.map((entry) => ({
            id: entry.id,
            title: entry.title,
            updatedAt: isoMinutes(entry.minute),
            archived: entry.archived,
            deleted: entry.deleted,
            messages: entry.texts.map((value, i) => ({ id: `${entry.id}-m${i}`, text: value })),
          }));
          const typed = new ChatSearchIndex();
          for (const entry of docs) typed.upsert(entry);
          let query = '';
          for (const key of keys) {
            query += key;
            const fresh = new ChatSearchIndex();
            for (const entry of docs) fresh.upsert(entry);
            const response = typed.search(query, { limit });
            expect(response).toEqual(fresh.search(query, { limit }));
            // The message named is the first in chat order holding the query (SE8; none on another version here).
            const q = normalizeQuery(query);
            for (const result of response.results) {
              const source = docs.findLast((entry) => entry.id === result.chatId)!;
              const first = source.messages.find((message) => normalizeForSearch(message.text).includes(q));
              expect(result.messageId).toBe(first?.id ?? null);
            }
          }
          // Backspacing finds the shorter queries' own answers.
          for (; query.length > 0; query = query.slice(0, -1)) {
            const fresh = new ChatSearchIndex();
            for (const entry of docs) fresh.upsert(entry);
            expect(typed.search(query, { limit })).toEqual(fresh.search(query, { limit }));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('SE10 SE14 stays exact while chats are edited in place (messages grow, change, come and go)', () => {
    // An edit of one chat: the kinds a streamed answer, a regenerate or a deletion make.
    const edit = fc.record({
      chat: fc.constantFrom('c1', 'c2', 'c3'),
      kind: fc.constantFrom('append', 'add', 'change', 'remove', 'retitle', 'keep'),
      at: fc.nat(),
      piece: text,
    });
    fc.assert(
      fc.property(
        fc.array(edit, { minLength: 1, maxLength: 25 }),
        fc.array(text, { minLength: 1, maxLength: 4 }),
        (edits, queries) => {
          const index = new ChatSearchIndex();
          const latest = new Map<string, SearchDocument>();
          let nextMessage = 0;
          edits.forEach((step, minute) => {
            const before = latest.get(step.chat);
            const messages = [...(before?.messages ?? [])];
            const at = messages.length === 0 ? 0 : step.at % messages.length;
            if (step.kind === 'append' && messages.length > 0) {
              const last = messages[messages.length - 1]!;
              messages[messages.length - 1] = { id: last.id, text: last.text + step.piece };
            } else if (step.kind === 'change' && messages.length > 0) {
              messages[at] = { id: messages[at]!.id, text: step.piece };
            } else if (step.kind === 'remove') {
              messages.splice(at, 1);
            } else if (step.kind !== 'keep') {
              messages.push({ id: `m${nextMessage++}`, text: step.piece });
            }
            const doc: SearchDocument = {
              id: step.chat,
              title: step.kind === 'retitle' ? step.piece : (before?.title ?? step.chat),
              updatedAt: isoMinutes(minute),
              archived: false,
              deleted: false,
              messages,
            };
            latest.set(step.chat, doc);
            index.upsert(doc);
            for (const query of queries) {
              const expected = linearScan([...latest.values()], query, 10);
              expect(index.search(query, { limit: 10 }).results.map((result) => result.chatId)).toEqual(
                expected,
              );
            }
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
