import { parseFolder, parseProject, summarizeChat, newChat, type Folder } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { describe, expect, it } from 'vitest';
import { NO_TAG_FILTER } from '../../src/features/organise/tag-filter';
import { buildSidebarRows, type SidebarRowsInput } from '../../src/features/sidebar/sidebar-rows';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const deps = { clock: new FakeClock(NOW), ids: new SequentialIdGenerator('c') };

const chat = (id: string, fields = {}) => summarizeChat(newChat({ id, chatTitle: id, ...fields }, deps));
const deletedFolder = (id: string, deletedAt: number, movedOutChatIDs: string[] = []): Folder =>
  parseFolder({ id, title: id, deletedAt: iso(deletedAt), updatedAt: iso(deletedAt), movedOutChatIDs });

function rows(input: Partial<SidebarRowsInput>) {
  return buildSidebarRows({
    chats: [],
    folders: [],
    view: 'deleted',
    tagFilter: NO_TAG_FILTER,
    expandedFolders: new Set(),
    now: NOW,
    ...input,
  }).map((row) =>
    row.kind === 'deletedFolder'
      ? `folder ${row.folder.id} (${row.count})`
      : row.kind === 'chat'
        ? `chat ${row.chat.id}`
        : row.kind,
  );
}

describe('Recently Deleted rows', () => {
  it('lists deleted folders of the last 30 days first, newest first, then the deleted chats', () => {
    expect(
      rows({
        chats: [chat('ch-gone', { deletedAt: iso(NOW - DAY) }), chat('ch-live')],
        deletedFolders: [
          deletedFolder('folder-new', NOW - 2 * DAY),
          deletedFolder('folder-old', NOW - 29 * DAY),
          deletedFolder('folder-expired', NOW - 30 * DAY),
        ],
      }),
    ).toEqual(['folder folder-new (0)', 'folder folder-old (0)', 'chat ch-gone']);
  });

  it('counts the chats a restore puts back: moved out, still live and outside any folder (SC23)', () => {
    expect(
      rows({
        chats: [
          chat('ch-loose'),
          chat('ch-refiled', { folderID: 'folder-other' }),
          chat('ch-deleted', { deletedAt: iso(NOW - DAY) }),
        ],
        deletedFolders: [
          deletedFolder('folder-x', NOW - DAY, ['ch-loose', 'ch-refiled', 'ch-deleted', 'ch-purged']),
        ],
      })[0],
    ).toBe('folder folder-x (1)');
  });

  it('a tag filter lists chats only (folders carry no tags); other views never list deleted folders', () => {
    const deletedFolders = [deletedFolder('folder-x', NOW - DAY)];
    const chats = [chat('ch-tagged', { deletedAt: iso(NOW - DAY), tags: [{ name: 'work' }] })];
    expect(rows({ chats, deletedFolders, tagFilter: { mode: 'ALL', tags: ['work'] } })).toEqual([
      'chat ch-tagged',
    ]);
    expect(rows({ chats: [chat('ch-live')], deletedFolders, view: 'chats' })).not.toContain(
      'folder folder-x (0)',
    );
    expect(rows({ chats: [chat('ch-live')], deletedFolders, view: 'archived' })).toEqual([]);
  });
});

describe('chat rows across re-lists', () => {
  it('reuses the row of an unchanged summary and makes a new one for a changed summary', () => {
    const kept = chat('ch-kept');
    const input = {
      folders: [],
      view: 'chats' as const,
      tagFilter: NO_TAG_FILTER,
      expandedFolders: new Set<string>(),
      now: NOW,
    };
    const first = buildSidebarRows({ ...input, chats: [kept, chat('ch-edited')] });
    const second = buildSidebarRows({ ...input, chats: [kept, chat('ch-edited', { chatTitle: 'renamed' })] });
    const rowOf = (list: typeof first, id: string) =>
      list.find((row) => row.kind === 'chat' && row.chat.id === id);
    expect(rowOf(second, 'ch-kept')).toBe(rowOf(first, 'ch-kept'));
    expect(rowOf(second, 'ch-edited')).not.toBe(rowOf(first, 'ch-edited'));
    expect(rowOf(second, 'ch-edited')).toMatchObject({ key: 'chat-ch-edited', inFolder: false });
  });
});

describe('projects in the sidebar (decision 0104)', () => {
  const project = (id: string, fields = {}) => parseProject({ id, name: id, ...fields });
  const label = (input: Partial<SidebarRowsInput>) =>
    buildSidebarRows({
      chats: [],
      folders: [],
      view: 'chats',
      tagFilter: NO_TAG_FILTER,
      expandedFolders: new Set(),
      now: NOW,
      ...input,
    }).map((row) =>
      row.kind === 'project'
        ? `project ${row.project.id} (${row.count})`
        : row.kind === 'chat'
          ? `chat ${row.chat.id}${row.inFolder ? ' (inside)' : ''}`
          : row.kind === 'heading'
            ? `heading ${row.heading}`
            : row.kind,
    );

  it('shows projects above folders; their chats only inside them, when expanded', () => {
    const input = {
      chats: [chat('ch-in', { projectId: 'p1' }), chat('ch-folder', { folderID: 'f1' }), chat('ch-loose')],
      folders: [parseFolder({ id: 'f1', title: 'f1' })],
      projects: [project('p1')],
    };
    expect(label(input)).toEqual([
      'heading projects',
      'project p1 (1)',
      'heading folders',
      'folder',
      'date',
      'chat ch-loose',
    ]);
    expect(label({ ...input, expandedFolders: new Set(['p1']) }).slice(0, 3)).toEqual([
      'heading projects',
      'project p1 (1)',
      'chat ch-in (inside)',
    ]);
  });

  it('a chat whose project is not here shows as in none; an archived project and its chats are in Archived', () => {
    const input = {
      chats: [chat('ch-orphan', { projectId: 'gone' }), chat('ch-archived-project', { projectId: 'p2' })],
      projects: [project('p2', { archivedAt: iso(NOW - DAY) })],
    };
    expect(label(input)).toEqual(['date', 'chat ch-orphan']);
    expect(label({ ...input, view: 'archived', expandedFolders: new Set(['p2']) })).toEqual([
      'heading projects',
      'project p2 (1)',
      'chat ch-archived-project (inside)',
    ]);
  });
});
