import { describe, expect, it } from 'vitest';
import {
  applyImport,
  buildParleyExport,
  exportCategories,
  ImportCancelledError,
  readImport,
} from '../../src/import';
import type { ImportResult } from '../../src/import';
import { createMemoryStore } from '../../src/storage';
import type { StoragePort } from '../../src/storage';
import { messageText } from '../../src/entities';
import { chatGPTTree } from './chatgpt-fixture';

const NOW = Date.parse('2026-01-01T00:00:00Z');
function importJson(json: unknown): ImportResult {
  const outcome = readImport([{ name: 'f.json', json }], { fromZip: false, now: NOW });
  if (!outcome.ok) throw new Error(outcome.failure);
  return outcome.result;
}

async function exportAll(store: StoragePort): Promise<string> {
  const [chats, folders, prompts, characters, plugins, settings] = await Promise.all([
    store.chats.list(),
    store.folders.list(),
    store.prompts.list(),
    store.characters.list(),
    store.plugins.list(),
    store.settings.entries(),
  ]);
  return JSON.stringify(
    buildParleyExport(
      { chats, folders, projects: [], prompts, characters, plugins, settings },
      exportCategories,
      '2026-01-02T00:00:00.000Z',
    ),
  );
}

describe('applying an import', () => {
  it('IM5 a second import of the same file adds nothing', async () => {
    const store = createMemoryStore();
    const first = await applyImport(store, importJson([chatGPTTree()]));
    expect(first).toEqual({ added: 1, updated: 0, unchanged: 0 });
    const again = await applyImport(store, importJson([chatGPTTree()]));
    expect(again).toEqual({ added: 0, updated: 0, unchanged: 1 });
    expect(await store.chats.count()).toBe(1);
  });

  it('IM25 a chat newer here keeps its title and selection, and only gains the messages it lacked', async () => {
    const store = createMemoryStore();
    const imported = importJson([chatGPTTree()]);
    const chat = imported.chats[0]!;
    const local = {
      ...chat,
      chatTitle: 'Renamed here',
      updatedAt: '2030-01-01T00:00:00.000Z',
      messages: chat.messages.slice(0, 2),
    };
    await store.chats.putMany([local]);
    const report = await applyImport(store, imported);
    expect(report.updated).toBe(1);
    const stored = (await store.chats.get(chat.id))!;
    expect(stored.chatTitle).toBe('Renamed here');
    expect(stored.messages).toHaveLength(chat.messages.length);
  });

  it('IM26 cancelling between batches stops the writes; importing again completes it', async () => {
    const store = createMemoryStore();
    const many = Array.from({ length: 5 }, (_, i) => ({
      ...chatGPTTree(),
      conversation_id: `c${i}`,
      id: `c${i}`,
    }));
    const controller = new AbortController();
    const run = applyImport(store, importJson(many), {
      batchSize: 2,
      signal: controller.signal,
      onProgress: (p) => p.done >= 2 && controller.abort(),
    });
    await expect(run).rejects.toBeInstanceOf(ImportCancelledError);
    expect(await store.chats.count()).toBe(2);
    const rest = await applyImport(store, importJson(many));
    expect(rest).toEqual({ added: 3, updated: 0, unchanged: 2 });
  });

  it('IM24 IM30 Parley export, imported into an empty store, exports again byte for byte', async () => {
    const source = createMemoryStore();
    const imported = importJson({
      data: {
        chats: [
          {
            chatID: 't1',
            chatTitle: 'One',
            folderID: 'f',
            tags: ['x'],
            createdAt: '2025-01-01T00:00:00Z',
            messages: [{ uuid: 'u', role: 'user', content: 'Hi' }],
          },
        ],
        folders: [{ id: 'f', title: 'F' }],
        userPrompts: [{ id: 'p', title: 'P', content: 'C' }],
        userCharacters: [{ id: 'c', title: 'Agent' }],
      },
    });
    await applyImport(source, imported);
    await applyImport(source, importJson([chatGPTTree()]));
    const text = await exportAll(source);
    const target = createMemoryStore();
    const outcome = readImport([{ name: 'parley-export.json', json: JSON.parse(text) }], {
      fromZip: true,
      now: NOW,
    });
    expect(outcome.ok && outcome.result.format).toBe('parley');
    if (!outcome.ok) return;
    expect(outcome.result.chats).toHaveLength(2);
    await applyImport(target, outcome.result);
    expect(await exportAll(target)).toBe(text);
    // And importing it over itself changes nothing.
    expect(await applyImport(target, outcome.result)).toMatchObject({ added: 0, updated: 0 });
    const chats = await target.chats.list();
    expect(chats.flatMap((c) => c.messages.map((m) => messageText(m)))).toContain('Regenerated answer');
  });

  it('IM8 a Parley export with a broken record reports it and imports the rest', () => {
    const outcome = readImport(
      [
        {
          name: 'parley-export.json',
          json: {
            format: 'parley-export',
            version: 1,
            data: { chats: [{ id: 'ch-1', chatID: 'ch-1' }, 7], folders: [] },
          },
        },
      ],
      { fromZip: false, now: NOW },
    );
    expect(outcome.ok && outcome.result.chats.length).toBe(1);
    expect(outcome.ok && outcome.result.problems[0]!.item).toBe('chat 2');
  });

  it('IM24 the sidebar export of a selection ({ exportedAt, chats }) is read as Parley chats', () => {
    const chat = importJson([chatGPTTree()]).chats[0]!;
    const outcome = readImport(
      [{ name: 'chats.json', json: { exportedAt: '2026-01-01T00:00:00.000Z', chats: [chat] } }],
      { fromZip: false, now: NOW },
    );
    expect(outcome.ok && outcome.result.format).toBe('parley');
    expect(outcome.ok && outcome.result.chats).toEqual([chat]);
  });

  it('IM25 settings from a Parley export replace only older local ones', async () => {
    const store = createMemoryStore();
    await store.settings.putEntries([
      { key: 'a', value: 'local newer', updatedAt: '2030-01-01T00:00:00.000Z' },
      { key: 'b', value: 'local older', updatedAt: '2020-01-01T00:00:00.000Z' },
      { key: 'c', value: 'same', updatedAt: '2030-01-01T00:00:00.000Z' },
    ]);
    const file = {
      format: 'parley-export',
      version: 1,
      data: {
        settings: {
          entries: [
            { key: 'a', value: 'file', updatedAt: '2025-01-01T00:00:00.000Z' },
            { key: 'b', value: 'file', updatedAt: '2025-01-01T00:00:00.000Z' },
            { key: 'c', value: 'same', updatedAt: '2025-01-01T00:00:00.000Z' },
          ],
        },
      },
    };
    const outcome = readImport([{ name: 'parley-export.json', json: file }], { fromZip: false, now: NOW });
    if (!outcome.ok) throw new Error(outcome.failure);
    await applyImport(store, outcome.result);
    const entries = await store.settings.entries();
    expect(Object.fromEntries(entries.map((e) => [e.key, e.value]))).toEqual({
      a: 'local newer',
      b: 'file',
      c: 'same',
    });
    expect(entries.find((e) => e.key === 'c')!.updatedAt).toBe('2025-01-01T00:00:00.000Z');
  });
});

describe('AG9 an imported agent with a built-in id', () => {
  it('AG9 is stored as the user own agent under a derived id; a second import merges into it', async () => {
    const store = createMemoryStore();
    const file = {
      format: 'parley-export',
      data: {
        characters: [
          {
            id: 'character-parley-writing-coach',
            title: 'Writing Coach',
            instruction: 'x',
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
    };
    expect(await applyImport(store, importJson(file))).toMatchObject({ added: 1 });
    expect(await applyImport(store, importJson(file))).toMatchObject({ added: 0, unchanged: 1 });
    expect((await store.characters.list()).map((agent) => agent.id)).toEqual([
      'character-imported-parley-writing-coach',
    ]);
  });

  it("IM34 imported voice settings keep this device's transcription endpoint", async () => {
    const store = createMemoryStore();
    await store.settings.putEntries([
      {
        key: 'voiceSettings',
        value: { customTranscriptionEndpoint: 'https://mine.example/v1', autoSpeech: false },
        updatedAt: '2020-01-01T00:00:00.000Z',
      },
    ]);
    const file = (endpoint: string) => ({
      format: 'parley-export',
      version: 1,
      data: {
        settings: {
          entries: [
            {
              key: 'voiceSettings',
              value: { customTranscriptionEndpoint: endpoint, autoSpeech: true },
              updatedAt: '2025-01-01T00:00:00.000Z',
            },
          ],
        },
      },
    });
    const imported = readImport([{ name: 'parley-export.json', json: file('https://attacker.example/v1') }], {
      fromZip: false,
      now: NOW,
    });
    if (!imported.ok) throw new Error(imported.failure);
    await applyImport(store, imported.result);
    // The file's other choices are taken; where the recording and its key go stays this device's.
    expect((await store.settings.entries())[0]!.value).toEqual({
      customTranscriptionEndpoint: 'https://mine.example/v1',
      autoSpeech: true,
    });

    const empty = createMemoryStore();
    await applyImport(empty, imported.result);
    expect((await empty.settings.entries())[0]!.value).toEqual({ autoSpeech: true });
  });
});
