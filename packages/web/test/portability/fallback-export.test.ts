import { strFromU8, unzipSync } from 'fflate';
import { PARLEY_EXPORT_FILE } from '@parley/core/import';
import { parseAttachment } from '@parley/core/entities';
import { FakeClock } from '@parley/core/platform';
import { describe, expect, it } from 'vitest';
import { createLocalStorageStore } from '../../src/adapters/storage';
import { fallbackZipRequest } from '../../src/features/portability/export-data';
import { readImportBytes } from '../../src/features/portability/read-file';
import { ZIP_TYPE, zipFiles } from '../../src/features/portability/zip-files';

const at = '2026-01-01T00:00:00.000Z';
const id = 'att-0123456789abcdef0123456789abcdef';
const png = [137, 80, 78, 71, 13, 10, 26, 10, 9, 9, 9];

// jsdom's Blob has no arrayBuffer(); its FileReader reads one.
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

describe('the export of the localStorage fallback', () => {
  it('IM32 holds the pictures stored in localStorage, stored uncompressed, and imports back', async () => {
    localStorage.clear();
    const store = createLocalStorageStore(
      localStorage,
      { eventTarget: window },
      { clock: new FakeClock(at) },
    );
    await store.attachments.put(
      parseAttachment({ id, mimeType: 'image/png', name: 'harbour.png', createdAt: at, updatedAt: at }),
      new Uint8Array(png),
      { touch: false },
    );

    const request = await fallbackZipRequest(store, ['chats', 'attachments'], at, { 'extra.json': '{}' });
    const blob = zipFiles(request.files, request.binaryFiles);
    expect(blob.type).toBe(ZIP_TYPE);
    const zip = await bytesOf(blob);
    const entries = unzipSync(zip);
    expect(Array.from(entries[`attachments/${id}`]!)).toEqual(png);
    expect(strFromU8(entries['extra.json']!)).toBe('{}');
    // Stored, not deflated: the picture's bytes are in the archive as they are.
    expect(strFromU8(zip, true)).toContain(strFromU8(new Uint8Array(png), true));

    const outcome = readImportBytes(zip, { now: Date.parse(at) });
    if (!outcome.ok) throw new Error(outcome.failure);
    expect(outcome.result.attachments?.map((a) => Array.from(a.data))).toEqual([png]);
    expect(outcome.summary.attachments).toBe(1);
    expect(JSON.parse(strFromU8(entries[PARLEY_EXPORT_FILE]!))).toMatchObject({
      data: { attachments: [expect.objectContaining({ id })] },
    });
  });

  it('without the attachments category there are no picture bytes', async () => {
    localStorage.clear();
    const store = createLocalStorageStore(
      localStorage,
      { eventTarget: window },
      { clock: new FakeClock(at) },
    );
    await store.attachments.put(
      parseAttachment({ id, mimeType: 'image/png', name: 'a.png', createdAt: at, updatedAt: at }),
      new Uint8Array(png),
    );
    const request = await fallbackZipRequest(store, ['chats'], at);
    expect(request.binaryFiles).toEqual({});
  });
});
