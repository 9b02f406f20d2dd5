import { describe, expect, it } from 'vitest';
import {
  parseAttachment,
  parseCharacter,
  parseChat,
  parseFolder,
  parseKnowledgeDocument,
  parseMemoryEntry,
  parsePlugin,
  parsePrompt,
  parseProject,
  parseUserProfile,
} from '../../src/entities';
import {
  applyImport,
  attachmentsOfExport,
  buildParleyExport,
  exportAttachmentPath,
  EXPORTED_AREAS,
  exportCategories,
  readImport,
} from '../../src/import';
import { createMemoryStore, STORAGE_TABLES, type StorageArea, type StoragePort } from '../../src/storage';

const AT = '2026-03-01T10:00:00.000Z';
const stamps = { createdAt: AT, updatedAt: AT };

/**
 * One record of every kind of data the app keeps: how to store it, and how to read that kind back.
 * Typed by the storage areas, so a new area does not compile until it is here too.
 */
const areas: Record<
  StorageArea,
  { seed(store: StoragePort): Promise<unknown>; read(store: StoragePort): Promise<unknown> }
> = {
  chats: {
    seed: (store) =>
      store.chats.put(parseChat({ id: 'ch-1', chatTitle: 'Kept', ...stamps, messages: [] }), {
        touch: false,
      }),
    read: (store) => store.chats.list(),
  },
  folders: {
    seed: (store) =>
      store.folders.put(parseFolder({ id: 'f-1', title: 'Work', ...stamps }), { touch: false }),
    read: (store) => store.folders.list(),
  },
  projects: {
    seed: (store) =>
      store.projects.put(
        parseProject({ id: 'project-1', name: 'Thesis', instructions: 'Cite sources', ...stamps }),
        { touch: false },
      ),
    read: (store) => store.projects.list(),
  },
  knowledgeDocuments: {
    seed: (store) =>
      store.knowledgeDocuments.put(
        parseKnowledgeDocument({
          id: 'kdoc-1',
          projectId: 'project-1',
          name: 'ferry.md',
          type: 'markdown',
          size: 12,
          file: `attachment:att-${'a'.repeat(32)}`,
          ...stamps,
        }),
        { touch: false },
      ),
    read: (store) => store.knowledgeDocuments.list(),
  },
  prompts: {
    seed: (store) =>
      store.prompts.put(parsePrompt({ id: 'p-1', title: 'Tone', content: 'Be brief', ...stamps }), {
        touch: false,
      }),
    read: (store) => store.prompts.list(),
  },
  characters: {
    seed: (store) =>
      store.characters.put(
        parseCharacter({ id: 'character-1', title: 'Chef', instruction: 'Cook', ...stamps }),
        {
          touch: false,
        },
      ),
    read: (store) => store.characters.list(),
  },
  plugins: {
    seed: (store) =>
      store.plugins.put(parsePlugin({ id: 'plugin-1', title: 'Dice', ...stamps }), { touch: false }),
    read: (store) => store.plugins.list(),
  },
  profiles: {
    seed: (store) =>
      store.profiles.put(parseUserProfile({ id: 'profile-1', name: 'Ana', isCurrent: true, ...stamps }), {
        touch: false,
      }),
    read: (store) => store.profiles.list(),
  },
  memory: {
    seed: (store) =>
      store.memory.put(parseMemoryEntry({ id: 'memory-1', content: 'Likes tea', ...stamps }), {
        touch: false,
      }),
    read: (store) => store.memory.list(),
  },
  usage: {
    seed: (store) =>
      store.usage.append({ id: 'usage-1', recordedAt: AT, totalTokens: 12, model: 'gpt-5.1', updatedAt: AT }),
    read: (store) => store.usage.query(),
  },
  attachments: {
    seed: (store) =>
      store.attachments.put(
        parseAttachment({ id: 'att-1', mimeType: 'image/png', size: 3, ...stamps }),
        new Uint8Array([1, 2, 3]),
        {
          touch: false,
        },
      ),
    read: async (store) => {
      const stored = await store.attachments.get('att-1');
      return stored && { attachment: stored.attachment, data: [...stored.data] };
    },
  },
  settings: {
    seed: (store) =>
      store.settings.putEntries([{ key: 'chatSettings', value: { fontSize: 'large' }, updatedAt: AT }]),
    read: (store) => store.settings.entries(),
  },
};

describe('IM33 an export carries every kind of data the app keeps', () => {
  it('IM33 every storage area has a place in the export', () => {
    // Summaries and message rows are parts of their chats (storage SPEC MR), exported with them.
    const areaNames = STORAGE_TABLES.filter((table) => table !== 'chatSummaries' && table !== 'messages');
    expect(Object.keys(EXPORTED_AREAS).sort()).toEqual([...areaNames].sort());
    for (const { category } of Object.values(EXPORTED_AREAS)) expect(exportCategories).toContain(category);
  });

  it('IM33 export everything, import it into an empty store: every area comes back as it was', async () => {
    const source = createMemoryStore();
    for (const area of Object.values(areas)) await area.seed(source);
    const [
      chats,
      folders,
      projects,
      prompts,
      characters,
      plugins,
      profiles,
      memory,
      usage,
      settings,
      attachments,
      knowledgeDocuments,
    ] = await Promise.all([
      source.chats.list(),
      source.folders.list(),
      source.projects.list(),
      source.prompts.list(),
      source.characters.list(),
      source.plugins.list(),
      source.profiles.list(),
      source.memory.list(),
      source.usage.query(),
      source.settings.entries(),
      source.attachments.list(),
      source.knowledgeDocuments.list(),
    ]);
    const file = JSON.parse(
      JSON.stringify(
        buildParleyExport(
          {
            chats,
            folders,
            projects,
            prompts,
            characters,
            plugins,
            profiles,
            memory,
            usage,
            settings,
            attachments,
            knowledgeDocuments,
          },
          exportCategories,
          AT,
        ),
      ),
    ) as unknown;
    const bytes = new Map<string, Uint8Array>();
    for (const attachment of attachments) {
      const stored = await source.attachments.get(attachment.id);
      if (stored) bytes.set(exportAttachmentPath(attachment.id), stored.data);
    }
    const outcome = readImport([{ name: 'parley-export.json', json: file }], {
      fromZip: true,
      now: Date.parse(AT),
    });
    if (!outcome.ok) throw new Error(outcome.failure);
    const target = createMemoryStore();
    await applyImport(target, {
      ...outcome.result,
      attachments: attachmentsOfExport(file, (path) => bytes.get(path)),
    });
    for (const [name, area] of Object.entries(areas)) {
      expect(await area.read(target), name).toEqual(await area.read(source));
    }
  });
});
