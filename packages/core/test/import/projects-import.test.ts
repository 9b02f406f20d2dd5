import { describe, expect, it } from 'vitest';
import { parseChat, parseProject } from '../../src/entities';
import {
  applyImport,
  buildParleyExport,
  exportCategories,
  readImport,
  summarizeImport,
} from '../../src/import';
import { createMemoryStore } from '../../src/storage';

const AT = '2026-03-01T10:00:00.000Z';
const NOW = Date.parse('2026-04-01T00:00:00Z');
const stamps = { createdAt: AT, updatedAt: AT };

function read(json: unknown) {
  const outcome = readImport([{ name: 'parley-export.json', json }], { fromZip: false, now: NOW });
  if (!outcome.ok) throw new Error(outcome.failure);
  return outcome.result;
}

function exportOf(data: { projects?: unknown[]; chats?: unknown[] }) {
  const file = buildParleyExport(
    { chats: [], folders: [], projects: [], prompts: [], characters: [], plugins: [], settings: [] },
    exportCategories,
    AT,
  );
  return { ...file, data: { ...file.data, ...data } };
}

describe('projects in Parley exports (decision 0104)', () => {
  it('IM33 a project and its chat round-trip: export, import into an empty store, export again', async () => {
    const project = parseProject({
      id: 'project-1',
      name: 'Thesis',
      instructions: 'Cite sources',
      ...stamps,
    });
    const chat = parseChat({ id: 'ch-1', chatTitle: 'Intro', projectId: 'project-1', ...stamps });
    const first = JSON.parse(
      JSON.stringify(
        buildParleyExport(
          {
            chats: [chat],
            folders: [],
            projects: [project],
            prompts: [],
            characters: [],
            plugins: [],
            settings: [],
          },
          exportCategories,
          AT,
        ),
      ),
    ) as unknown;
    const result = read(first);
    expect(summarizeImport(result).projects).toBe(1);
    expect(result.problems).toEqual([]);
    const store = createMemoryStore();
    expect(await applyImport(store, result)).toEqual({ added: 2, updated: 0, unchanged: 0 });
    expect(await store.projects.list()).toEqual([project]);
    expect((await store.chats.get('ch-1'))?.projectId).toBe('project-1');
    const again = buildParleyExport(
      {
        chats: await store.chats.list(),
        folders: [],
        projects: await store.projects.list(),
        prompts: [],
        characters: [],
        plugins: [],
        settings: [],
      },
      exportCategories,
      AT,
    );
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    // A second import changes nothing (IM5).
    expect(await applyImport(store, read(first))).toEqual({ added: 0, updated: 0, unchanged: 2 });
  });

  it('IM35 an invalid project is reported by position; the rest of the file still imports', async () => {
    const good = parseProject({ id: 'project-2', name: 'Kept', ...stamps });
    const result = read(
      exportOf({
        projects: [{ name: 'no id' }, 'not a record', good],
        chats: [parseChat({ id: 'ch-1', chatTitle: 'Still here', ...stamps })],
      }),
    );
    expect(result.projects).toEqual([good]);
    expect(result.problems.map((problem) => problem.item)).toEqual(['project 1', 'project 2']);
    const store = createMemoryStore();
    await applyImport(store, result);
    expect((await store.projects.list()).map((project) => project.id)).toEqual(['project-2']);
    expect((await store.chats.get('ch-1'))?.chatTitle).toBe('Still here');
  });

  it('IM35 chats naming a project the file lacks keep it and are reported once per project', () => {
    const result = read(
      exportOf({
        chats: [
          parseChat({ id: 'ch-1', projectId: 'project-gone', ...stamps }),
          parseChat({ id: 'ch-2', projectId: 'project-gone', ...stamps }),
        ],
      }),
    );
    expect(result.chats.map((chat) => chat.projectId)).toEqual(['project-gone', 'project-gone']);
    expect(result.problems).toEqual([
      { item: 'project project-gone', reason: expect.stringContaining('2 chat(s)') as unknown },
    ]);
  });
});
