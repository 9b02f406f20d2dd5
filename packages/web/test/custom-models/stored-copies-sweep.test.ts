import { parseCharacter, parseChat } from '@parley/core/entities';
import { FakeClock } from '@parley/core/platform';
import { MemoryEngine, STORAGE_TABLES, createRecordStore, type StorageChange } from '@parley/core/storage';
import { describe, expect, it, vi } from 'vitest';
import {
  STORED_COPIES_SWEEP_KEY,
  STORED_COPIES_SWEEP_VERSION,
  localSweepMarker,
  sweepOncePerDevice,
  sweepStoredModelCopies,
} from '../../src/features/custom-models/stored-copies-sweep';

const SECRET = 'Bearer sk-PLAINTEXT-old-chat-copy-5e21';
const BODY_SECRET = 'PLAINTEXT-old-agent-token-9b40';
const OLD_UPDATED_AT = '2024-03-04T05:06:07.000Z';

/** The model copy a chat or agent kept before storage EN22: the secret header value included. */
const oldModelInfo = (secret = SECRET) => ({
  id: 'custom-llama',
  title: 'Llama',
  headerRows: [
    { key: 'Authorization', value: secret },
    { key: 'X-Title', value: 'Parley' },
  ],
  bodyRows: [{ key: 'token', value: BODY_SECRET }],
});

/**
 * A store holding records as an earlier version wrote them: the chat and its summary (which then
 * copied modelInfo) with the secret, planted raw past every parse.
 */
async function storeWithOldRecords(oldChats = 1) {
  const engine = new MemoryEngine();
  const clock = new FakeClock('2026-01-01T00:00:00.000Z');
  const setup = createRecordStore(engine, { clock });
  await setup.chats.put(parseChat({ id: 'fresh', chatTitle: 'Fresh' }));
  const plain = await setup.chats.put(
    parseChat({ id: 'plain', chatTitle: 'Plain', modelInfo: { id: 'gpt-4o', title: 'GPT-4o' } }),
    { touch: false },
  );
  // Before EN23 a summary copied modelInfo: one without secret values is left alone.
  engine.plant('chatSummaries', 'plain', {
    ...((await engine.get('chatSummaries', 'plain')) as Record<string, unknown>),
    modelInfo: plain.modelInfo,
  });
  for (let i = 0; i < oldChats; i++) {
    const id = `old-${i}`;
    await setup.chats.put(parseChat({ id, chatTitle: `Old ${i}`, model: 'custom-llama' }));
    const chat = (await engine.get('chats', id)) as Record<string, unknown>;
    const summary = (await engine.get('chatSummaries', id)) as Record<string, unknown>;
    engine.plant('chats', id, { ...chat, modelInfo: oldModelInfo(), updatedAt: OLD_UPDATED_AT });
    engine.plant('chatSummaries', id, { ...summary, modelInfo: oldModelInfo(), updatedAt: OLD_UPDATED_AT });
  }
  await setup.characters.put(parseCharacter({ id: 'agent', title: 'Agent' }));
  const agent = (await engine.get('characters', 'agent')) as Record<string, unknown>;
  engine.plant('characters', 'agent', { ...agent, modelInfo: oldModelInfo(), updatedAt: OLD_UPDATED_AT });

  // A fresh store over the planted tables (no summary cache from the writes above).
  const store = createRecordStore(engine, { clock });
  const changes: StorageChange[] = [];
  store.onChange((change) => changes.push(change));
  return { engine, store, changes };
}

async function everythingStored(engine: MemoryEngine): Promise<string> {
  const tables = await Promise.all(STORAGE_TABLES.map((table) => engine.getAll(table)));
  return JSON.stringify(tables);
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('sweeping secret values out of stored model copies (decision 0016, storage EN22/EN23)', () => {
  it('EN22 rewrites old chats, their summaries and agents: no secret is left, updatedAt is kept', async () => {
    const { engine, store } = await storeWithOldRecords();
    expect(await everythingStored(engine)).toContain(SECRET);

    expect(await sweepStoredModelCopies(store)).toEqual({ chats: 1, characters: 1 });

    const stored = await everythingStored(engine);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(BODY_SECRET);
    const chat = (await engine.get('chats', 'old-0')) as { updatedAt: string; modelInfo: unknown };
    expect(chat.updatedAt).toBe(OLD_UPDATED_AT);
    expect(chat.modelInfo).toMatchObject({
      headerRows: [
        { key: 'Authorization', value: '' },
        { key: 'X-Title', value: 'Parley' },
      ],
    });
    expect(await engine.get('chatSummaries', 'old-0')).toMatchObject({
      modelInfo: null,
      updatedAt: OLD_UPDATED_AT,
    });
    expect(await engine.get('characters', 'agent')).toMatchObject({ updatedAt: OLD_UPDATED_AT });
    expect((await store.chats.listSummaries()).map((s) => s.id)).toContain('old-0');
  });

  it('reads no chat when no summary holds a secret value', async () => {
    const { store } = await storeWithOldRecords(0);
    const get = vi.spyOn(store.chats, 'get');
    const putMany = vi.spyOn(store.chats, 'putMany');
    expect(await sweepStoredModelCopies(store)).toMatchObject({ chats: 0 });
    expect(get).not.toHaveBeenCalled();
    expect(putMany).not.toHaveBeenCalled();
  });

  it('works in batches, yielding between them', async () => {
    const { engine, store } = await storeWithOldRecords(5);
    const putMany = vi.spyOn(store.chats, 'putMany');
    const pause = vi.fn(() => Promise.resolve());
    expect(await sweepStoredModelCopies(store, { batchSize: 2, pause })).toMatchObject({ chats: 5 });
    expect(putMany.mock.calls.map(([chats]) => chats.length)).toEqual([2, 2, 1]);
    expect(pause).toHaveBeenCalledTimes(2);
    expect(await everythingStored(engine)).not.toContain(SECRET);
  });

  it('runs once per device: the marker is set after the sweep, and a second run does nothing', async () => {
    const { engine, store, changes } = await storeWithOldRecords();
    const storage = memoryStorage();
    const marker = localSweepMarker(() => storage);

    expect(await sweepOncePerDevice(store, marker)).toEqual({ chats: 1, characters: 1 });
    expect(storage.items.get(STORED_COPIES_SWEEP_KEY)).toBe(STORED_COPIES_SWEEP_VERSION);
    const afterFirst = await everythingStored(engine);
    const changesAfterFirst = changes.length;

    const list = vi.spyOn(store.chats, 'listSummaries');
    expect(await sweepOncePerDevice(store, marker)).toBeNull();
    expect(list).not.toHaveBeenCalled();
    expect(changes).toHaveLength(changesAfterFirst);
    expect(await everythingStored(engine)).toBe(afterFirst);
    // Even without the marker, the chats are clean now: none is read again.
    expect(await sweepStoredModelCopies(store)).toMatchObject({ chats: 0 });
  });

  it('a failed sweep leaves the marker unset, so the next start tries again', async () => {
    const { store } = await storeWithOldRecords();
    const storage = memoryStorage();
    vi.spyOn(store.chats, 'putMany').mockRejectedValueOnce(new Error('quota'));
    await expect(
      sweepOncePerDevice(
        store,
        localSweepMarker(() => storage),
      ),
    ).rejects.toThrow('quota');
    expect(storage.items.has(STORED_COPIES_SWEEP_KEY)).toBe(false);
    expect(
      await sweepOncePerDevice(
        store,
        localSweepMarker(() => storage),
      ),
    ).toMatchObject({ chats: 1 });
  });
});
