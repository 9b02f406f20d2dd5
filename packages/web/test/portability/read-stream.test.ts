import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { PackedChats } from '@parley/core/import';
import { readImportBytes } from '../../src/features/portability/read-file';
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

  it('an object file and other zips are read whole, as before', async () => {
    const tm = {
      data: { chats: [{ chatID: 'a', chatTitle: 'Hi', messages: [{ role: 'user', content: 'x' }] }] },
    };
    const plain = await readImportFile(blob(json(tm)), { now: NOW });
    expect(plain.ok && plain.summary).toMatchObject({ format: 'typingmind', chats: 1 });
    expect(plain.ok && Array.isArray(plain.result.chats)).toBe(true);
    const zipped = await readImportFile(blob(zipSync({ 'data.json': json(tm) })), { now: NOW });
    expect(zipped.ok && zipped.summary).toMatchObject({ format: 'typingmind', chats: 1 });
  });
});
