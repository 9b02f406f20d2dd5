import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { buildParleyExport, PARLEY_EXPORT_FILE } from '@parley/core/import';
import {
  isSafeZipName,
  readImportBytes,
  SEALED_KEYS_ENTRY,
  unpackLimit,
} from '../../src/features/portability/read-file';
import { KEY_EXPORT_FILE } from '../../src/state/key-vault/key-export';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const json = (value: unknown) => strToU8(JSON.stringify(value));
const tmBackup = {
  data: {
    chats: [{ chatID: 'a', chatTitle: 'Hello', messages: [{ uuid: 'u', role: 'user', content: 'Hi' }] }],
  },
};

describe('reading an import file', () => {
  it('IM1 a plain JSON file is sniffed by content whatever its name', () => {
    const outcome = readImportBytes(json(tmBackup), { now: NOW });
    expect(outcome.ok && outcome.summary).toMatchObject({ format: 'typingmind', chats: 1, messages: 1 });
  });

  it('IM2 a zip is unpacked and sniffed by its file names', () => {
    const zip = zipSync({ 'data.json': json(tmBackup), 'readme.txt': strToU8('hi') });
    const outcome = readImportBytes(zip, { now: NOW });
    expect(outcome.ok && outcome.summary.chats).toBe(1);
  });

  it('0057 the sealed API keys of an export zip come back as they are, never through the importers', () => {
    expect(SEALED_KEYS_ENTRY).toBe(KEY_EXPORT_FILE);
    const exportFile = buildParleyExport(
      { chats: [], folders: [], projects: [], prompts: [], characters: [], plugins: [], settings: [] },
      ['chats'],
      '2026-01-01T00:00:00.000Z',
    );
    const sealed = { format: 'parley-api-keys', sealedKeys: { openai: { iv: 'AA==', data: 'AA==' } } };
    const zip = zipSync({ [PARLEY_EXPORT_FILE]: json(exportFile), [KEY_EXPORT_FILE]: json(sealed) });
    const outcome = readImportBytes(zip, { now: NOW });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.summary.format).toBe('parley');
    expect(outcome.sealedKeys).toEqual(sealed);
    // Without a key file there is no sealedKeys at all (the page asks for no password).
    const plain = readImportBytes(zipSync({ [PARLEY_EXPORT_FILE]: json(exportFile) }), { now: NOW });
    expect(plain.ok && 'sealedKeys' in plain).toBe(false);
    // A damaged key file does not stop the import of the rest.
    const damaged = zipSync({ [PARLEY_EXPORT_FILE]: json(exportFile), [KEY_EXPORT_FILE]: strToU8('{"form') });
    const rest = readImportBytes(damaged, { now: NOW });
    expect(rest.ok && rest.summary.format).toBe('parley');
    expect(rest.ok && rest.sealedKeys).toBeNull();
  });

  it('IM7 truncated JSON is "invalid JSON"; one string of JSON is "unknown format"', () => {
    const text = JSON.stringify(tmBackup);
    expect(readImportBytes(strToU8(text.slice(0, text.length - 5)), { now: NOW })).toEqual({
      ok: false,
      failure: 'invalidJson',
    });
    expect(readImportBytes(strToU8(`"${'a'.repeat(2_000_000)}"`), { now: NOW })).toEqual({
      ok: false,
      failure: 'unknownFormat',
    });
  });

  it('IM7 a zip that unpacks past the cap is refused as too large (a zip bomb)', () => {
    const zip = zipSync({ 'data.json': new Uint8Array(5_000_000).fill(32) });
    expect(zip.length).toBeLessThan(50_000);
    expect(readImportBytes(zip, { now: NOW, maxUncompressedBytes: 1_000_000 })).toEqual({
      ok: false,
      failure: 'tooLarge',
      limitBytes: 1_000_000,
    });
  });

  it('IM7 the cap counts the bytes that come out, not what the zip says: understated sizes do not get past it', () => {
    const zip = zipSync({ 'data.json': new Uint8Array(5_000_000).fill(32) });
    // Every size field of the entry (local header and central directory) claims 10 bytes.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    view.setUint32(22, 10, true);
    const central = zip.findLastIndex(
      (_, i) => i + 4 <= zip.length && view.getUint32(i, true) === 0x02014b50,
    );
    view.setUint32(central + 24, 10, true);
    expect(readImportBytes(zip, { now: NOW, maxUncompressedBytes: 1_000_000 })).toMatchObject({
      ok: false,
      failure: 'tooLarge',
    });
  });

  it('IM7 a small zip may unpack to 64 MiB, a larger one to 40 times its size, never past 1 GiB', () => {
    expect(unpackLimit(2_700_000)).toBe(108_000_000);
    expect(unpackLimit(100_000)).toBe(64 * 1024 * 1024);
    expect(unpackLimit(100_000_000)).toBe(1024 * 1024 * 1024);
    // 70 MiB of tiny objects in a zip of a few hundred kB: refused without reading it all.
    const bomb = zipSync({
      'conversations.json': [strToU8(`[${'{},'.repeat(24_500_000)}{}]`), { level: 1 }],
    });
    expect(bomb.length).toBeLessThan(2_000_000);
    expect(readImportBytes(bomb, { now: NOW })).toEqual({
      ok: false,
      failure: 'tooLarge',
      limitBytes: 64 * 1024 * 1024,
    });
  });

  it('IM7 a damaged zip is a corrupt archive', () => {
    const zip = zipSync({ 'data.json': json(tmBackup) });
    const damaged = zip.slice(0, Math.floor(zip.length / 2));
    expect(readImportBytes(damaged, { now: NOW })).toEqual({ ok: false, failure: 'corruptArchive' });
  });

  it('IM7 names that climb out of the archive are ignored', () => {
    expect(
      ['../x.json', '/etc/x.json', 'a/../../x.json', 'C:/x.json', 'a\\b.json'].map(isSafeZipName),
    ).toEqual([false, false, false, false, false]);
    expect(isSafeZipName('chats/0.json')).toBe(true);
    const zip = zipSync({ '../data.json': json(tmBackup) });
    expect(readImportBytes(zip, { now: NOW })).toEqual({ ok: false, failure: 'unknownFormat' });
  });
});
