import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newChat, safeParseChatSummary, summarizeChat } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { createRecordStore, MemoryEngine } from '../../src/storage';
import { currentSummaryOrUndefined } from '../../src/storage/summary-fast-path';

const iso = fc
  .integer({ min: Date.parse('2000-01-01T00:00:00.000Z'), max: Date.parse('2099-12-31T23:59:59.999Z') })
  .map((ms) => new Date(ms).toISOString());

const chatFields = fc.record({
  chatTitle: fc.string(),
  folderID: fc.option(fc.string({ minLength: 1 }), { nil: null }),
  model: fc.string(),
  createdAt: iso,
  updatedAt: iso,
  deletedAt: fc.option(iso, { nil: null }),
  favoritedAt: fc.option(iso, { nil: null }),
  archivedAt: fc.option(iso, { nil: null }),
  tags: fc.array(
    fc.string({ minLength: 1 }).map((name) => ({ name })),
    { maxLength: 3 },
  ),
  isExample: fc.boolean(),
  modelInfo: fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: null }),
  character: fc.option(
    fc.record({
      id: fc.string({ minLength: 1 }),
      title: fc.string(),
      avatarURL: fc.option(fc.string(), { nil: null }),
    }),
    { nil: null },
  ),
});

const deps = { clock: new FakeClock('2024-01-01T00:00:00.000Z'), ids: new SequentialIdGenerator('f') };

describe('summary fast path (ST7 kept)', () => {
  it('ST3 accepts every summary the store writes, unchanged, exactly as the full parse reads it', () => {
    fc.assert(
      fc.property(chatFields, (fields) => {
        const summary = summarizeChat(newChat(fields as never, deps));
        const fast = currentSummaryOrUndefined(summary.id, structuredClone(summary));
        const parsed = safeParseChatSummary(structuredClone(summary));
        expect(parsed.issues).toEqual([]);
        expect(fast).toEqual(parsed.success ? parsed.data : undefined);
      }),
    );
  });

  it('ST7 leaves anything unusual to the tolerant parse: other ids, versions, unknown fields, odd values', () => {
    const summary = summarizeChat(newChat({ chatTitle: 'Ok' }, deps));
    const variants: Record<string, unknown>[] = [
      { ...summary, id: 'ch-other' },
      { ...summary, schemaVersion: undefined },
      { ...summary, extra: 1 },
      { ...summary, updatedAt: 1714000000000 },
      { ...summary, updatedAt: '2024-05-01' },
      { ...summary, deletedAt: 'yesterday' },
      { ...summary, tags: [{ name: 'x' }] },
      { ...summary, messageCount: -1 },
      { ...summary, character: { id: 'c', title: 't', avatarURL: null, color: 'red' } },
      { ...summary, title: null },
    ];
    for (const variant of variants) expect(currentSummaryOrUndefined(summary.id, variant)).toBeUndefined();
    expect(currentSummaryOrUndefined(summary.id, 'junk')).toBeUndefined();
    expect(currentSummaryOrUndefined(summary.id, null)).toBeUndefined();
  });

  it('ST7 a summary with an epoch-number timestamp still lists, normalised, through the slow path', async () => {
    const engine = new MemoryEngine();
    const store = createRecordStore(engine, deps);
    const chat = await store.chats.put(newChat({ chatTitle: 'Old style' }, deps));
    const summary = summarizeChat(chat);
    engine.plant('chatSummaries', chat.id, { ...summary, updatedAt: Date.parse('2024-02-02T00:00:00.000Z') });
    const [listed] = await store.chats.listSummaries();
    expect(listed?.updatedAt).toBe('2024-02-02T00:00:00.000Z');
  });
});
