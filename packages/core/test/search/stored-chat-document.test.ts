import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { chatEntity, newChat } from '../../src/entities';
import type { Message, MessageRole } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { toSearchDocument } from '../../src/search/search-document';
import { searchDocumentOfStoredChat } from '../../src/search/stored-chat-document';

const deps = { clock: new FakeClock('2024-05-01T00:00:00.000Z'), ids: new SequentialIdGenerator('s') };

/** What the storage port would give the index for this stored row (decode, then toSearchDocument). */
function throughTheParse(id: string, value: unknown) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const parsed = chatEntity.safeParse({ ...value, id });
  return parsed.success ? toSearchDocument(parsed.data) : undefined;
}

const message = (id: string, role: MessageRole, content: Message['content']) => ({
  id,
  role,
  content,
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-01T00:00:00.000Z',
});

describe('search document of a stored chat', () => {
  it('SE3 a chat the app wrote: title, flags and the text of system, user and assistant messages', () => {
    const chat = newChat(
      {
        chatTitle: 'Trip',
        archivedAt: '2024-05-02T00:00:00.000Z',
        messages: [
          message('m1', 'user', 'Tokyo?'),
          message('m2', 'assistant', [
            { type: 'text', text: 'Yes' },
            { type: 'image_url', image_url: { url: 'x' } },
            { type: 'text', text: 'Tower' },
          ]),
          message('m3', 'tool', 'search dump'),
          message('m4', 'assistant', null),
        ],
      },
      deps,
    );
    const doc = searchDocumentOfStoredChat(chat.id, structuredClone(chat));
    expect(doc).toEqual({
      id: chat.id,
      title: 'Trip',
      updatedAt: chat.updatedAt,
      archived: true,
      deleted: false,
      messages: [
        { id: 'm1', text: 'Tokyo?' },
        { id: 'm2', text: 'Yes\n\nTower' },
      ],
    });
    expect(doc).toEqual(throughTheParse(chat.id, chat));
  });

  it('SE3b every branch is searched: versions off the selected path too, tombstones not', () => {
    const chat = chatEntity.parse({
      id: 'ch-branches',
      messages: [
        { id: 'm-q', role: 'user', content: 'question', parentId: null },
        { id: 'm-a1', role: 'assistant', content: 'older answer', parentId: 'm-q' },
        { id: 'm-a2', role: 'assistant', content: 'newer answer', parentId: 'm-q' },
        { id: 'm-a3', role: 'assistant', content: null, parentId: 'm-q', deletedAt: 5 },
      ],
      selectedPath: { leafId: 'm-a2', updatedAt: 5 },
    });
    expect(toSearchDocument(chat).messages).toEqual([
      { id: 'm-q', text: 'question' },
      { id: 'm-a1', text: 'older answer', otherVersion: true },
      { id: 'm-a2', text: 'newer answer' },
    ]);
  });

  it('SE3c the messages the chat does not show are marked, read straight from the row as by the parse', () => {
    const at = '2024-05-01T00:00:00.000Z';
    const later = '2024-05-01T00:00:01.000Z';
    const raw = {
      ...newChat({ chatTitle: 'Versions' }, deps),
      messages: [
        { ...message('m-q', 'user', 'question'), parentId: null },
        { ...message('m-a1', 'assistant', 'shown answer'), parentId: 'm-q' },
        { ...message('m-a2', 'assistant', 'newer hidden answer'), parentId: 'm-q', createdAt: later },
        { ...message('m-q2', 'user', 'follow-up on the hidden one'), parentId: 'm-a2', createdAt: later },
        { ...message('m-gone', 'assistant', null), parentId: 'm-q', deletedAt: later },
      ],
      selectedPath: { leafId: 'm-a1', updatedAt: at },
    };
    const parse = vi.spyOn(chatEntity, 'safeParse');
    const doc = searchDocumentOfStoredChat(raw.id, structuredClone(raw));
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(doc?.messages).toEqual([
      { id: 'm-q', text: 'question' },
      { id: 'm-a1', text: 'shown answer' },
      { id: 'm-a2', text: 'newer hidden answer', otherVersion: true },
      { id: 'm-q2', text: 'follow-up on the hidden one', otherVersion: true },
    ]);
    expect(doc).toEqual(throughTheParse(raw.id, raw));
    // No selection: the newest path is shown (BR3), the older answer is the other version.
    const newest = searchDocumentOfStoredChat(raw.id, { ...structuredClone(raw), selectedPath: null });
    expect(newest?.messages.filter((m) => m.otherVersion).map((m) => m.id)).toEqual(['m-a1']);
    expect(newest).toEqual(throughTheParse(raw.id, { ...raw, selectedPath: null }));
  });

  it('SE13 a deleted chat is flagged deleted (the index drops it)', () => {
    const chat = newChat({ chatTitle: 'Gone', deletedAt: '2024-05-03T00:00:00.000Z' }, deps);
    expect(searchDocumentOfStoredChat(chat.id, chat)?.deleted).toBe(true);
  });

  it('a value that is not a chat record gives no document instead of throwing', () => {
    for (const value of [null, 'text', 42, [1, 2], undefined]) {
      expect(searchDocumentOfStoredChat('ch-1', value)).toBeUndefined();
    }
  });

  it('old or damaged rows take the full parse: epoch numbers, missing ids, bad roles, bad parts', () => {
    const raw = {
      chatID: 'ch-old',
      chatTitle: 7,
      updatedAt: 1_700_000_000_000,
      archivedAt: '2024-02-31T00:00:00.000Z',
      messages: [
        { role: 'user', content: 'no id' },
        { id: 'dup', role: 'assistant', content: 'first' },
        { id: 'dup', role: 'assistant', content: 'second' },
        { id: 'x', role: 'robot', content: 'dropped' },
        {
          id: 'y',
          role: 'user',
          content: [
            { type: 'text', text: 5 },
            { type: 'text', text: 'kept' },
          ],
        },
        'not a message',
      ],
    };
    const doc = searchDocumentOfStoredChat('ch-old', raw);
    expect(doc).toEqual(throughTheParse('ch-old', raw));
    expect(doc?.updatedAt).toBe('2023-11-14T22:13:20.000Z');
    expect(doc?.messages.map((m) => m.text)).toEqual(['no id', 'first', 'second', 'kept']);
  });

  it('gives the same document as the storage parse for any mix of well-formed and odd values', () => {
    // Well-formed values are weighted up (8 to 1) so that both ways (direct and full parse) are exercised.
    const usually = (good: fc.Arbitrary<unknown>, ...odd: fc.Arbitrary<unknown>[]) =>
      fc.oneof({ arbitrary: good, weight: 8 * odd.length }, ...odd);
    const canonical = fc.constantFrom('2024-05-01T10:00:00.000Z', '2024-06-01T00:00:00.000Z');
    const odd: fc.Arbitrary<unknown>[] = [
      fc.constant('2024-05-01T10:00:00Z'),
      fc.constant('2024-02-30T00:00:00.000Z'),
      fc.constant(1_700_000_000),
      fc.constant(undefined),
      fc.constant('soon'),
    ];
    const timestamp = usually(canonical, ...odd);
    const optionalTimestamp = usually(fc.oneof(fc.constant(null), canonical), ...odd);
    const part = fc.oneof(
      fc.record({ type: fc.constant('text'), text: fc.oneof(fc.string(), fc.constant(3)) }),
      fc.record({ type: fc.constant('image_url'), image_url: fc.record({ url: fc.string() }) }),
      fc.record({ type: fc.constant('tm_text_file'), text: fc.string(), metadata: fc.record({}) }),
      fc.constant('junk'),
    );
    const rawMessage = (id: string) =>
      usually(
        fc.record(
          {
            id: usually(fc.constant(id), fc.constant(''), fc.constant(9), fc.constant('dup')),
            role: usually(
              fc.constantFrom('system', 'user', 'assistant', 'tool', 'function'),
              fc.constant('robot'),
            ),
            content: usually(
              fc.oneof(fc.string(), fc.constant(null), fc.array(part, { maxLength: 3 })),
              fc.constant(5),
            ),
            createdAt: timestamp,
            parentId: usually(fc.constantFrom(null, 'a', 'b', 'c', 'missing'), fc.constant(7)),
            deletedAt: usually(fc.constant(null), canonical, fc.constant(1_700_000_000)),
          },
          { requiredKeys: ['role'] },
        ),
        fc.constant(null),
      );
    const rawChat = fc.record(
      {
        chatTitle: usually(fc.string(), fc.constant(null)),
        updatedAt: timestamp,
        archivedAt: optionalTimestamp,
        deletedAt: optionalTimestamp,
        messages: usually(
          fc
            .integer({ min: 0, max: 4 })
            .chain((count) => fc.tuple(...['a', 'b', 'c', 'dup'].slice(0, count).map(rawMessage))),
          fc.constant('none'),
        ),
        selectedPath: usually(
          fc.oneof(
            fc.constant(null),
            fc.record({ leafId: fc.constantFrom('a', 'b', 'c', 'missing'), updatedAt: canonical }),
          ),
          fc.constant({ leafId: '' }),
          fc.constant('a'),
        ),
        schemaVersion: fc.constantFrom(1, 2),
      },
      { requiredKeys: ['chatTitle', 'updatedAt', 'archivedAt', 'deletedAt', 'messages'] },
    );
    const parse = vi.spyOn(chatEntity, 'safeParse');
    let direct = 0;
    let runs = 0;
    fc.assert(
      fc.property(rawChat, (raw) => {
        parse.mockClear();
        const doc = searchDocumentOfStoredChat('ch-p', raw);
        if (parse.mock.calls.length === 0) direct += 1;
        runs += 1;
        expect(doc).toEqual(throughTheParse('ch-p', raw));
      }),
      // A fixed seed: 20261128the share of cases that take the direct way (checked below) is a property of the
      // generated sample; with a random seed it fell under the bar now and then (23 of 500).
      { numRuns: 500, seed: 20261128 },
    );
    parse.mockRestore();
    expect(direct).toBeGreaterThan(runs / 20);
    expect(direct).toBeLessThan(runs);
  });
});
