import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAttachment } from '@parley/core/entities';
import { FakeClock } from '@parley/core/platform';
import { clearAllLocalData, dumpAllLocalData, openLocalStore } from '../../src/adapters/storage';

afterEach(() => localStorage.clear());

async function seededEnvironment() {
  const environment = { indexedDB: new IDBFactory(), IDBKeyRange, localStorage };
  const store = await openLocalStore({ environment, clock: new FakeClock('2024-04-01T00:00:00.000Z') });
  await store.attachments.put(
    parseAttachment({ id: 'att-1', mimeType: 'image/png' }),
    new Uint8Array([0, 1, 255]),
  );
  await store.close();
  localStorage.setItem('TM_someFlag', 'ünïcödé');
  return environment;
}

describe('recovery options (fatal-error screen)', () => {
  it('WR1 the dump holds every localStorage key and every IndexedDB row, with its size in bytes', async () => {
    const environment = await seededEnvironment();
    const dump = await dumpAllLocalData(environment);
    const parsed = JSON.parse(dump.text) as {
      localStorage: Record<string, string>;
      indexedDB: Record<string, Record<string, { key: string; value: Record<string, unknown> }[]>>;
      errors: string[];
    };
    expect(parsed.localStorage.TM_someFlag).toBe('ünïcödé');
    expect(parsed.indexedDB.parley?.chats?.map((row) => row.key).sort()).toEqual([
      'ch-example-claude-2',
      'ch-example-gpt-3-5-turbo',
      'ch-example-gpt-4',
    ]);
    expect(parsed.indexedDB.parley?.attachments?.[0]?.value.data).toEqual({ $bytes: 'AAH/' });
    expect(parsed.errors).toEqual([]);
    expect(dump.bytes).toBe(new TextEncoder().encode(dump.text).byteLength);
    expect(dump.bytes).toBeGreaterThan(dump.text.length - 1);
  });

  it('WR2 the dump never rejects, even with nothing readable', async () => {
    const broken = {
      get length(): number {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    const dump = await dumpAllLocalData({ localStorage: broken });
    expect(JSON.parse(dump.text)).toMatchObject({
      localStorage: {},
      errors: ['localStorage: Error: blocked'],
    });
  });

  it('WR3 clear all data empties localStorage, deletes the database and tells the macOS wrapper', async () => {
    const environment = await seededEnvironment();
    expect((await environment.indexedDB.databases()).map((db) => db.name)).toContain('parley');
    const messages: unknown[] = [];
    const host = {
      webkit: { messageHandlers: { parley: { postMessage: (m: unknown) => messages.push(m) } } },
    };
    await clearAllLocalData({ environment, host });
    expect(localStorage.length).toBe(0);
    expect((await environment.indexedDB.databases()).map((db) => db.name)).not.toContain('parley');
    expect(messages).toEqual([{ type: 'clearAllData' }]);
  });

  it('WR3 clear all data works without the macOS wrapper', async () => {
    const environment = await seededEnvironment();
    await expect(clearAllLocalData({ environment, host: {} })).resolves.toBeUndefined();
    expect(localStorage.length).toBe(0);
  });
});
