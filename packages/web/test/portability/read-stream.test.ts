import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { buildParleyExport, exportCategories, PackedChats, PARLEY_EXPORT_FILE } from '@parley/core/import';
import { parseAttachment, parseChat } from '@parley/core/entities';
import { readImportBytes, SEALED_KEYS_ENTRY } from '../../src/features/portability/read-file';
import { readImportFile } from '../../src/features/portability/read-stream';
import { zipEntryNames } from '../../src/features/portability/zip-names';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const json = (value: unknown) => strToU8(JSON.stringify(value));

const conversation = (id: string, words = 'hello') => ({
  id,
  title: `Chat ${id}`,
  create_time: 1700000000,
  current_node: 'a',
  mapping: {
    root: { id: 'root', parent: null, children: ['q'], message: null },
    q: {
      id: 'q',
      parent: 'root',
      children: ['a'],
      message: { id: 'q', author: { role: 'user' }, content: { content_type: 'text', parts: [words] } },
    },
    a: {
      id: 'a',
      parent: 'q',
      children: [],
      message: {
        id: 'a',
        author: { role: 'assistant' },
        content: { content_type: 'text', parts: ['é 中文'] },
      },
    },
  },
});
const conversations = (count: number, words?: string) =>
  Array.from({ length: count }, (_, i) => conversation(`c${i}`, words));

/** A file as the worker gets it; jsdom's Blob has no stream(), so it reads in 4 kB chunks here. */
const blob = (bytes: Uint8Array): Blob =>
  Object.assign(new Blob([bytes as BlobPart]), {
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 4096) controller.enqueue(bytes.slice(at, at + 4096));
          controller.close();
        },
      }),
  });

describe('IM28 reading an import file as a stream', () => {
  it('IM1 IM27 a bare array streams, and gives what the whole-file read gives', async () => {
    const bytes = json(conversations(5));
    const outcome = await readImportFile(blob(bytes), { now: NOW });
    const before = readImportBytes(bytes, { now: NOW });
    if (!outcome.ok || !before.ok) throw new Error('not read');
    expect(outcome.result.chats).toBeInstanceOf(PackedChats);
    expect(outcome.summary).toEqual(before.summary);
    expect((outcome.result.chats as PackedChats).unpack()).toEqual(
      JSON.parse(JSON.stringify(before.result.chats)),
    );
  });

  it('IM2 a ChatGPT zip streams its conversations parts in name order; side files are not read', async () => {
    const zip = zipSync({
      'conversations-000.json': json(conversations(2)),
      'conversations-001.json': json([conversation('late')]),
      'user.json': strToU8('not json at all'),
      'chat.html': strToU8('<html>'),
    });
    expect(await zipEntryNames(blob(zip))).toEqual([
      'conversations-000.json',
      'conversations-001.json',
      'user.json',
      'chat.html',
    ]);
    const outcome = await readImportFile(blob(zip), { now: NOW });
    if (!outcome.ok) throw new Error(outcome.failure);
    expect(outcome.result.chats).toBeInstanceOf(PackedChats);
    expect(outcome.summary).toMatchObject({ format: 'chatgpt', chats: 3 });
  });

  it('IM7 a truncated array file is "not valid JSON"; a truncated zip is a corrupt archive', async () => {
    const bytes = json(conversations(3));
    expect(await readImportFile(blob(bytes.subarray(0, bytes.length - 5)), { now: NOW })).toEqual({
      ok: false,
      failure: 'invalidJson',
    });
    const zip = zipSync({ 'conversations.json': bytes, 'user.json': json({}) });
    const cut = await readImportFile(blob(zip.subarray(0, Math.floor(zip.length / 2))), { now: NOW });
    expect(cut).toMatchObject({ ok: false, failure: 'corruptArchive' });
    const broken = zipSync({ 'conversations.json': strToU8('[{"id": 1},'), 'user.json': json({}) });
    expect(await readImportFile(blob(broken), { now: NOW })).toEqual({ ok: false, failure: 'invalidJson' });
  });

  it('IM7 the unpack cap counts the bytes as they inflate, whatever the zip declares', async () => {
    const zip = zipSync({
      'conversations.json': json(conversations(200, 'x'.repeat(5000))),
      'user.json': json({}),
    });
    expect(await readImportFile(blob(zip), { now: NOW, maxUncompressedBytes: 100_000 })).toEqual({
      ok: false,
      failure: 'tooLarge',
      limitBytes: 100_000,
    });
  });

  it('other zips are read whole, as before', async () => {
    const nextChat = { 'chat-next-web-store': { sessions: [] } };
    const zipped = await readImportFile(blob(zipSync({ 'backup.json': json(nextChat) })), { now: NOW });
    expect(zipped).toEqual(readImportBytes(zipSync({ 'backup.json': json(nextChat) }), { now: NOW }));
  });
});

describe('IM29 reading an object file whose chats are at data.chats as a stream', () => {
  const tmChat = (id: string) => ({
    chatID: id,
    chatTitle: `Chat ${id}`,
    folderID: 'fo-1',
    messages: [{ role: 'user', content: 'x é 中文' }],
  });
  const tm = {
    data: {
      chats: Array.from({ length: 40 }, (_, i) => tmChat(`t${i}`)),
      folders: [{ id: 'fo-1', title: 'Work' }],
      userPrompts: [{ id: 'p-1', title: 'Summarise', content: 'Summarise' }],
    },
  };

  /** The streamed read gives what the whole read gives, its chats packed. */
  async function expectStreamedAsWhole(bytes: Uint8Array) {
    const outcome = await readImportFile(blob(bytes), { now: NOW });
    const before = readImportBytes(bytes, { now: NOW });
    if (!outcome.ok || !before.ok) throw new Error('not read');
    expect(outcome.result.chats).toBeInstanceOf(PackedChats);
    const { chats, ...rest } = outcome.result;
    const { chats: beforeChats, ...beforeRest } = before.result;
    expect((chats as PackedChats).unpack()).toEqual(JSON.parse(JSON.stringify(beforeChats)));
    expect(rest).toEqual(beforeRest);
    expect(outcome.summary).toEqual(before.summary);
    return outcome;
  }

  it("IM18 a TypingMind backup streams, alone or as a zip's data.json; a chunked backup is read whole", async () => {
    const alone = await expectStreamedAsWhole(json(tm));
    expect(alone.ok && alone.summary).toMatchObject({
      format: 'typingmind',
      chats: 40,
      folders: 1,
      prompts: 1,
    });
    await expectStreamedAsWhole(zipSync({ 'data.json': json(tm), 'metadata.json': json({}) }));
    const chunked = zipSync({
      'data.json': json({ data: { chats: { chunks: ['chats/1.json'] }, folders: [] } }),
      'chats/1.json': json([tmChat('c1')]),
    });
    expect(await readImportFile(blob(chunked), { now: NOW })).toEqual(readImportBytes(chunked, { now: NOW }));
  });

  it("IM24 IM32 0057 Parley's export zip streams its chats and keeps its attachments and sealed keys", async () => {
    const id = 'att-0123456789abcdef0123456789abcdef';
    const at = '2026-01-01T00:00:00.000Z';
    const exportFile = buildParleyExport(
      {
        chats: [
          parseChat({ id: 'ch-1', chatTitle: 'Picture', createdAt: at, updatedAt: at }),
          parseChat({ id: 'ch-2', chatTitle: 'Second', createdAt: at, updatedAt: at }),
        ],
        folders: [],
        projects: [],
        prompts: [],
        characters: [],
        plugins: [],
        settings: [],
        attachments: [
          parseAttachment({ id, mimeType: 'image/png', name: 'a.png', createdAt: at, updatedAt: at }),
        ],
      },
      exportCategories,
      at,
    );
    const sealed = { format: 'parley-api-keys', sealedKeys: { openai: { iv: 'AA==', data: 'AA==' } } };
    const zip = zipSync({
      [PARLEY_EXPORT_FILE]: json(exportFile),
      [`attachments/${id}`]: new Uint8Array([137, 80, 78, 71]),
      [SEALED_KEYS_ENTRY]: json(sealed),
    });
    const outcome = await expectStreamedAsWhole(zip);
    expect(outcome.summary).toMatchObject({ format: 'parley', chats: 2, attachments: 1 });
    expect(outcome.result.attachments?.[0]?.data).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect(outcome.sealedKeys).toEqual(sealed);
    // Damaged keys never stop the rest; a damaged export file is "not valid JSON".
    const damagedKeys = zipSync({
      [PARLEY_EXPORT_FILE]: json(exportFile),
      [SEALED_KEYS_ENTRY]: strToU8('{"f'),
    });
    const rest = await readImportFile(blob(damagedKeys), { now: NOW });
    expect(rest.ok && rest.sealedKeys).toBeNull();
    const text = JSON.stringify(exportFile);
    const broken = zipSync({ [PARLEY_EXPORT_FILE]: strToU8(text.slice(0, text.length - 2)) });
    expect(await readImportFile(blob(broken), { now: NOW })).toEqual({ ok: false, failure: 'invalidJson' });
    expect(await readImportFile(blob(zip), { now: NOW, maxUncompressedBytes: 100 })).toEqual({
      ok: false,
      failure: 'tooLarge',
      limitBytes: 100,
    });
  });

  it('IM1 IM7 a file whose format comes after its chats is read whole; a truncated one is "not valid JSON"', async () => {
    const file = buildParleyExport(
      { chats: [], folders: [], projects: [], prompts: [], characters: [], plugins: [], settings: [] },
      exportCategories,
      '2026-01-01T00:00:00.000Z',
    );
    const { format, ...rest } = file;
    const late = json({ ...rest, data: { ...file.data, chats: [tmChat('p1')] }, format });
    const outcome = await readImportFile(blob(late), { now: NOW });
    expect(outcome).toEqual(readImportBytes(late, { now: NOW }));
    expect(outcome.ok && outcome.summary.format).toBe('parley');
    const bytes = json(tm);
    expect(await readImportFile(blob(bytes.subarray(0, bytes.length - 3)), { now: NOW })).toEqual({
      ok: false,
      failure: 'invalidJson',
    });
  });
});
