import { describe, expect, it } from 'vitest';
import {
  ArrayImportReader,
  applyImport,
  PackedChats,
  readImport,
  readImportStream,
  summarizeImport,
} from '../../src/import';
import type { Chat } from '../../src/entities';
import type { PackedImport } from '../../src/import';
import { createMemoryStore } from '../../src/storage';
import { chatGPTTree, msg, text } from './chatgpt-fixture';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const encode = (value: string) => new TextEncoder().encode(value);

async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function streamed(json: unknown, size = 7): Promise<PackedImport> {
  const outcome = await readImportStream(chunksOf(encode(JSON.stringify(json, null, 1)), size), { now: NOW });
  if (!outcome.ok) throw new Error(outcome.failure);
  return outcome.result;
}

function whole(json: unknown) {
  const outcome = readImport([{ name: 'export.json', json }], { fromZip: false, now: NOW });
  if (!outcome.ok) throw new Error(outcome.failure);
  return outcome.result;
}

const conversation = (id: string, title: string) => ({
  id,
  title,
  create_time: 1700000000,
  current_node: 'a',
  mapping: {
    root: { id: 'root', parent: null, children: ['q'], message: null },
    q: { id: 'q', parent: 'root', children: ['a'], message: msg('user', text(`Question ${id}`)) },
    a: { id: 'a', parent: 'q', children: [], message: msg('assistant', text(`Answer ${id} é 中文`)) },
  },
});

const samples: Record<string, unknown[]> = {
  chatgpt: [
    chatGPTTree(),
    conversation('c2', 'Second'),
    { id: 'c3', title: 'No tree' },
    'not an object',
    conversation('c4', 'Fourth'),
  ],
  claude: [
    {
      uuid: 'k1',
      name: 'Poem',
      created_at: '2024-01-01T00:00:00Z',
      chat_messages: [
        { uuid: 'm1', sender: 'human', text: 'Hi', created_at: '2024-01-01T00:00:01Z' },
        { uuid: 'm2', sender: 'assistant', text: 'Hello', created_at: '2024-01-01T00:00:02Z' },
      ],
    },
    { uuid: 'k2', name: 'Broken', chat_messages: 'nope' },
  ],
  openwebui: [
    {
      id: 'w1',
      title: 'Web',
      chat: {
        history: {
          currentId: 'b',
          messages: {
            a: { id: 'a', parentId: null, role: 'user', content: 'Hi', timestamp: 1700000000 },
            b: { id: 'b', parentId: 'a', role: 'assistant', content: 'Hey', timestamp: 1700000001 },
          },
        },
      },
    },
  ],
  betterchatgpt: [
    {
      id: 'b1',
      title: 'Better',
      folder: 'Work',
      config: { model: 'gpt-4' },
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Hi' },
      ],
    },
  ],
  'chatbot-ui': [
    { id: 1, name: 'Bot', folderId: 'f1', prompt: 'Sys', messages: [{ role: 'user', content: 'Yo' }] },
  ],
};

describe('IM28 readImportStream', () => {
  for (const [format, json] of Object.entries(samples))
    it(`IM1 IM5 IM8 ${format}: the same chats, skips, problems and preview as reading the whole file`, async () => {
      const expected = whole(json);
      const result = await streamed(json);
      expect(result.format).toBe(format);
      expect(result.chats.unpack()).toEqual(JSON.parse(JSON.stringify(expected.chats)));
      expect(result.skipped).toEqual(expected.skipped);
      expect(result.problems).toEqual(expected.problems);
      expect(summarizeImport(result)).toEqual(summarizeImport(expected));
    });

  it('reads a ReadableStream of chunks and hands out chats before the end of the input', async () => {
    // One conversation per chunk; the first 50 decide the format (IM1), then each is read at once.
    const pieces = Array.from({ length: 60 }, (_, i) =>
      encode(`${i === 0 ? '[' : ','}${JSON.stringify(conversation(`c${i}`, `Chat ${i}`))}`),
    );
    pieces.push(encode(']'));
    const events: string[] = [];
    let pulls = 0;
    // No queue: a chunk is made only when the reader asks for it.
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          events.push(`chunk ${pulls}`);
          if (pulls < pieces.length) controller.enqueue(pieces[pulls++]!);
          else controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const outcome = await readImportStream(stream as unknown as AsyncIterable<Uint8Array>, {
      now: NOW,
      onChat: (chat: Chat) => events.push(chat.chatTitle),
    });
    expect(outcome.ok && outcome.result.chats.length).toBe(60);
    // Chat 0 is handed out once the 50th conversation is whole (the comma in chunk 50); chat 52
    // as soon as the comma after it arrives, before the chunks after it are asked for.
    expect(events.indexOf('Chat 0')).toBeGreaterThan(events.indexOf('chunk 50'));
    expect(events.indexOf('Chat 0')).toBeLessThan(events.indexOf('chunk 51'));
    expect(events.indexOf('Chat 52')).toBeLessThan(events.indexOf('chunk 54'));
    expect(events.indexOf('Chat 59')).toBeLessThan(events.indexOf('chunk 61'));
  });

  it('IM7 a truncated or malformed file is "not valid JSON", wherever it breaks', async () => {
    const bytes = encode(JSON.stringify([conversation('c1', 'One'), conversation('c2', 'Two')]));
    for (const cut of [1, 10, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const outcome = await readImportStream(chunksOf(bytes.subarray(0, cut), 5), { now: NOW });
      expect(outcome, `cut at ${cut}`).toEqual({ ok: false, failure: 'invalidJson' });
    }
    for (const broken of ['[{"id": 1},,]', '[{"a": 1} {"b": 2}]', '[1] trailing'])
      expect(await readImportStream(chunksOf(encode(broken), 3), { now: NOW })).toEqual({
        ok: false,
        failure: 'invalidJson',
      });
  });

  it('IM1 an empty array is nothing to import; unknown elements and a non-array are unknown', async () => {
    const empty = await readImportStream(chunksOf(encode(' [ ] '), 2), { now: NOW });
    expect(empty.ok && empty.result.chats.length).toBe(0);
    expect(await readImportStream(chunksOf(encode('[{"x": 1}]'), 2), { now: NOW })).toEqual({
      ok: false,
      failure: 'unknownFormat',
    });
    expect(await readImportStream(chunksOf(encode('{"data": {}}'), 2), { now: NOW })).toEqual({
      ok: false,
      failure: 'unknownFormat',
    });
  });

  it('IM1 looks past the first elements to decide: entries without mapping come first', async () => {
    const json = [
      ...Array.from({ length: 9 }, (_, i) => ({ id: `x${i}`, title: 'old' })),
      conversation('c', 'Late'),
    ];
    const result = await streamed(json, 64);
    expect(result.format).toBe('chatgpt');
    expect(result.chats.length).toBe(1);
    expect(result.problems).toHaveLength(9);
  });

  it('IM2 parts of a zip read as one list with the format its names gave', () => {
    const reader = new ArrayImportReader({ now: NOW, format: 'chatgpt' });
    reader.push(encode(JSON.stringify([conversation('c1', 'One')])));
    reader.endFile();
    reader.push(encode('{"not": "an array"}'));
    reader.endFile();
    reader.push(encode(JSON.stringify([conversation('c2', 'Two')])));
    const outcome = reader.finish();
    if (!outcome.ok) throw new Error(outcome.failure);
    expect(outcome.result.chats.unpack().map((c) => c.chatTitle)).toEqual(['One', 'Two']);
  });

  it('IM5 IM25 IM26 packed chats write in batches like a list; a second import adds nothing', async () => {
    const json = Array.from({ length: 25 }, (_, i) => conversation(`c${i}`, `Chat ${i}`));
    const store = createMemoryStore();
    const first = await applyImport(store, await streamed(json), { batchSize: 10 });
    expect(first).toEqual({ added: 25, updated: 0, unchanged: 0 });
    const listed = await store.chats.list();
    expect(listed.map((c) => c.id).sort()).toEqual(
      whole(json)
        .chats.map((c) => c.id)
        .sort(),
    );
    expect(await applyImport(store, await streamed(json), { batchSize: 10 })).toEqual({
      added: 0,
      updated: 0,
      unchanged: 25,
    });
  });

  it('packs chats across blocks and reads each back as it was', () => {
    const chats = whole(Array.from({ length: 30 }, (_, i) => conversation(`c${i}`, `Chat ${i}`))).chats;
    const packed = new PackedChats(2000);
    for (const chat of chats) packed.add(chat);
    expect(packed.length).toBe(30);
    expect(packed.unpack()).toEqual(JSON.parse(JSON.stringify(chats)));
    expect(packed.records(7, 14)).toEqual(JSON.parse(JSON.stringify(chats.slice(7, 14))));
    expect(packed.ids(28, 40)).toEqual([chats[28]!.id, chats[29]!.id]);
  });
});
