import { describe, expect, it } from 'vitest';
import { parseChat, parseFolder, parseProject } from '../../src/entities';
import {
  applyImport,
  buildParleyExport,
  exportCategories,
  ObjectImportReader,
  PackedChats,
  readImport,
  summarizeImport,
} from '../../src/import';
import type { ImportResult, KeyedFormat, ObjectStreamOutcome, PackedImport } from '../../src/import';
import { createMemoryStore } from '../../src/storage';

const AT = '2026-03-01T10:00:00.000Z';
const NOW = Date.parse('2026-04-01T00:00:00Z');
const stamps = { createdAt: AT, updatedAt: AT };
const encode = (value: string) => new TextEncoder().encode(value);

function readStream(text: string, size: number, options: { format?: KeyedFormat; fromZip?: boolean } = {}) {
  const bytes = encode(text);
  const reader = new ObjectImportReader({ now: NOW, ...options });
  for (let at = 0; at < bytes.length; at += size) if (!reader.push(bytes.subarray(at, at + size))) break;
  return reader.finish();
}

function whole(json: unknown): ImportResult {
  const outcome = readImport([{ name: 'import.json', json }], { fromZip: false, now: NOW });
  if (!outcome.ok) throw new Error(outcome.failure);
  return outcome.result;
}

function packed(outcome: ObjectStreamOutcome): PackedImport {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  expect(outcome.result.chats).toBeInstanceOf(PackedChats);
  return outcome.result as PackedImport;
}

/** The streamed read gives what the whole-file read gives, chats compared as they are written. */
function expectSameAsWhole(result: PackedImport, json: unknown) {
  const expected = whole(json);
  const { chats, ...rest } = result;
  const { chats: expectedChats, ...expectedRest } = expected;
  expect(chats.unpack()).toEqual(JSON.parse(JSON.stringify(expectedChats)));
  expect(rest).toEqual(expectedRest);
  expect(summarizeImport(result)).toEqual(summarizeImport(expected));
}

const typingMind = {
  data: {
    // Chats before the folders they name, as TypingMind writes them.
    chats: [
      {
        chatID: 'tm-1',
        chatTitle: 'Trip [to] "Rome"',
        folderID: 'fo-1',
        model: 'gpt-4o',
        tags: ['travel', { name: 'work' }],
        createdAt: '2025-05-01T08:00:00.000Z',
        updatedAt: '2025-05-01T09:00:00.000Z',
        chatParams: { systemMessage: 'You plan trips.' },
        messages: [
          { uuid: 'w', role: 'assistant', type: 'character-welcome-message', content: 'Welcome!' },
          { uuid: 'u', role: 'user', content: 'Plan Rome é 中文 😀', createdAt: '2025-05-01T08:01:00.000Z' },
          { uuid: 'a', role: 'assistant', content: 'Day 1', createdAt: '2025-05-01T08:02:00.000Z' },
        ],
      },
      { chatID: 'tm-2', chatTitle: 'Gone', deletedAt: '2025-05-02T00:00:00Z', messages: [] },
      { chatID: 'tm-3', chatTitle: 'Bad', messages: 'not a list' },
      {
        chatID: 'tm-4',
        chatTitle: 'Elsewhere',
        folderID: 'fo-missing',
        messages: [{ uuid: 'x', role: 'user', content: 'Hi' }],
      },
      'not an object',
    ],
    folders: [{ id: 'fo-1', title: 'Travel', order: 2 }, { title: 'no id' }],
    userPrompts: [{ id: 'p-1', title: 'Summarise', content: 'Summarise {{text}}' }],
    userCharacters: [{ id: 'char-1', title: 'Guide', instruction: 'You are a guide.' }],
    customSearchAPIKey: 'secret',
    settings: { chats: ['not the chats'] },
  },
};

function parleyExport() {
  const file = buildParleyExport(
    {
      chats: [
        parseChat({ id: 'ch-1', chatTitle: 'Intro', projectId: 'project-1', ...stamps }),
        parseChat({ id: 'ch-2', chatTitle: 'Orphan', projectId: 'project-gone', ...stamps }),
        parseChat({ id: 'ch-3', chatTitle: 'Foldered', folderID: 'folder-1', ...stamps }),
      ],
      folders: [parseFolder({ id: 'folder-1', name: 'Work', ...stamps })],
      projects: [parseProject({ id: 'project-1', name: 'Thesis', ...stamps })],
      prompts: [],
      characters: [],
      plugins: [],
      settings: [],
    },
    exportCategories,
    AT,
  );
  const json = JSON.parse(JSON.stringify(file)) as { format: string; data: { chats: unknown[] } };
  json.data.chats.push({ id: 42 }); // A record that does not parse: a problem of its own (IM24).
  return json;
}

describe('IM29 ObjectImportReader', () => {
  it('IM18 IM8 a TypingMind backup: the same chats, folders, prompts, agents, skips and problems as the whole file, in chunks of any size', () => {
    const text = JSON.stringify(typingMind, null, 1);
    for (const size of [1, 2, 3, 7, 64, text.length]) {
      const result = packed(readStream(text, size));
      expect(result.format).toBe('typingmind');
      expectSameAsWhole(result, typingMind);
    }
    const result = packed(readStream(text, 5));
    // The chat naming a folder defined after it keeps it; one naming no folder of the file goes to the top.
    const [trip, elsewhere] = result.chats.unpack();
    expect(trip!.folderID).toBe(result.folders[0]!.id);
    expect(elsewhere!.folderID).toBeNull();
    expect(result.problems.map((p) => p.item)).toContain('chat 3 (Bad)');
    expect(result.skipped).toMatchObject({ hidden: 1, deleted: 1, secrets: 1 });
  });

  it("IM24 IM35 Parley's own export: records as stored, a bad record named, a missing project reported once", () => {
    const json = parleyExport();
    const text = JSON.stringify(json);
    for (const size of [1, 3, 7, 64, text.length]) {
      const result = packed(readStream(text, size));
      expect(result.format).toBe('parley');
      expectSameAsWhole(result, json);
    }
    const result = packed(readStream(text, 11));
    expect(result.problems).toEqual([
      expect.objectContaining({ item: 'chat 4' }),
      expect.objectContaining({ item: 'project project-gone' }),
    ]);
    expect(result.chats.unpack().map((chat) => chat.id)).toEqual(['ch-1', 'ch-2', 'ch-3']);
  });

  it('IM1 the keys decide wherever they are: a Parley export whose format comes after its chats is read whole', () => {
    const { format, ...rest } = parleyExport();
    const text = JSON.stringify({ ...rest, format });
    expect(readStream(text, 16)).toEqual({ ok: false, readWhole: true });
    // The zip's names said Parley: the chats stream whatever the order.
    const result = packed(readStream(text, 16, { format: 'parley', fromZip: true }));
    expectSameAsWhole(result, JSON.parse(text));
  });

  it("IM1 a file with nothing at data.chats is read as a whole file; a zip's is read whole again", () => {
    const chunked = { data: { chats: { chunks: ['chats-1.json'] }, folders: [] } };
    const nextChat = { 'chat-next-web-store': { sessions: [] }, data: { chats: 'x' } };
    for (const json of [chunked, nextChat, { nothing: true }]) {
      const text = JSON.stringify(json);
      const outcome = readStream(text, 5);
      const expected = readImport([{ name: 'import.json', json }], { fromZip: false, now: NOW });
      expect(outcome).toEqual(expected.ok ? { ...expected, document: json } : expected);
      expect(readStream(text, 5, { fromZip: true })).toEqual({ ok: false, readWhole: true });
    }
  });

  it('IM7 a truncated or malformed file is "not valid JSON", wherever it breaks; a repeated data.chats is read whole', () => {
    const text = JSON.stringify(typingMind);
    for (const cut of [1, 30, text.indexOf('tm-3'), text.length - 3, text.length - 1])
      expect(readStream(text.slice(0, cut), 7)).toEqual({ ok: false, failure: 'invalidJson' });
    expect(readStream(text.replace('"chatTitle":"Gone"', '"chatTitle" "Gone"'), 7)).toEqual({
      ok: false,
      failure: 'invalidJson',
    });
    expect(readStream(text.replace('"folders":', '"folders" '), 7)).toEqual({
      ok: false,
      failure: 'invalidJson',
    });
    expect(readStream('{"data": {"chats": [], "chats": []}}', 7)).toEqual({ ok: false, readWhole: true });
  });

  it("IM25 IM26 the packed chats write like the whole file's; a second import adds nothing", async () => {
    const store = createMemoryStore();
    const result = packed(readStream(JSON.stringify(typingMind), 9));
    const first = await applyImport(store, result);
    const expected = await applyImport(createMemoryStore(), whole(typingMind));
    expect(first).toEqual(expected);
    const again = await applyImport(store, packed(readStream(JSON.stringify(typingMind), 9)));
    expect(again.added).toBe(0);
    const chats = await store.chats.list();
    expect(chats.map((chat) => chat.chatTitle).sort()).toEqual(['Elsewhere', 'Trip [to] "Rome"']);
  });
});
