import type { ChatSummary, Folder, Project } from '@parley/core/entities';
import {
  dateGroupKey,
  dateGrouper,
  type DateGroup,
  isWithinRetention,
  tagFilterPredicate,
  type TagFilter,
} from '../organise';

export type SidebarView = 'chats' | 'archived' | 'deleted';

export type SidebarRow =
  | {
      readonly kind: 'heading';
      readonly key: string;
      readonly heading: 'pinned' | 'projects' | 'folders' | 'deleted';
    }
  | {
      readonly kind: 'project';
      readonly key: string;
      readonly project: Project;
      readonly count: number;
      readonly expanded: boolean;
    }
  | { readonly kind: 'date'; readonly key: string; readonly group: DateGroup }
  | {
      readonly kind: 'folder';
      readonly key: string;
      readonly folder: Folder;
      readonly count: number;
      readonly expanded: boolean;
      readonly index: number;
      readonly last: boolean;
    }
  | { readonly kind: 'chat'; readonly key: string; readonly chat: ChatSummary; readonly inFolder: boolean }
  | {
      readonly kind: 'deletedFolder';
      readonly key: string;
      readonly folder: Folder;
      /** The chats a restore puts back into it (SC23). */
      readonly count: number;
    };

export interface SidebarRowsInput {
  readonly chats: readonly ChatSummary[];
  readonly folders: readonly Folder[];
  /** Folder tombstones, newest deletion first (Recently Deleted). */
  readonly deletedFolders?: readonly Folder[];
  /** Projects not deleted, archived ones too, in order (decision 0104). */
  readonly projects?: readonly Project[];
  readonly view: SidebarView;
  readonly tagFilter: TagFilter;
  /** Expanded folders and projects, by id. */
  readonly expandedFolders: ReadonlySet<string>;
  readonly now: number;
}

type ChatRow = Extract<SidebarRow, { kind: 'chat' }>;

/**
 * A chat's row, kept as long as its summary object lives: summaries are shared and frozen, and a
 * re-list during a 10,000-chat import then allocates no row (and no key string) for the chats that did
 * not change, which is most of the garbage collection the sidebar caused there.
 */
const rowsOf = { loose: new WeakMap<ChatSummary, ChatRow>(), inFolder: new WeakMap<ChatSummary, ChatRow>() };

function chatRow(chat: ChatSummary, inFolder = false): ChatRow {
  const cache = inFolder ? rowsOf.inFolder : rowsOf.loose;
  let row = cache.get(chat);
  if (!row) {
    row = { kind: 'chat', key: `chat-${chat.id}`, chat, inFolder };
    cache.set(chat, row);
  }
  return row;
}

function byDate(chats: readonly ChatSummary[], now: number): SidebarRow[] {
  const rows: SidebarRow[] = [];
  let lastKey = '';
  const groupOf = dateGrouper(now);
  for (const chat of chats) {
    const group = groupOf(chat.updatedAt);
    const key = dateGroupKey(group);
    if (key !== lastKey) rows.push({ kind: 'date', key: `date-${key}`, group });
    lastKey = key;
    rows.push(chatRow(chat));
  }
  return rows;
}

/**
 * The flat list the virtualised sidebar draws, one pass over the summaries (they arrive newest
 * first). Chats view: pinned chats, then projects, then folders (each with its chats when expanded),
 * then the rest by date; a chat in a project shows only there, one in an archived project not at
 * all. Archived view: archived projects with their chats, then archived chats by date. Recently Deleted: folders, then chats, deleted in
 * the last 30 days, newest deletion first (folders have no tags: a tag filter leaves them out).
 */
export function buildSidebarRows(input: SidebarRowsInput): SidebarRow[] {
  const { view, now } = input;
  const matchesTags = tagFilterPredicate(input.tagFilter);
  const projects = input.projects ?? [];
  const archivedProjects = new Set(projects.filter((p) => p.archivedAt !== null).map((p) => p.id));
  const liveProjects = new Set(projects.filter((p) => p.archivedAt === null).map((p) => p.id));
  // A chat in an archived project is archived with it, whatever its own mark.
  const inArchivedProject = (chat: ChatSummary) =>
    chat.projectId != null && archivedProjects.has(chat.projectId);
  const visible = input.chats.filter((chat) => {
    if (!matchesTags(chat)) return false;
    if (view === 'deleted') return isWithinRetention(chat.deletedAt, now);
    if (chat.deletedAt !== null) return false;
    if (inArchivedProject(chat)) return view === 'archived';
    return view === 'archived' ? chat.archivedAt !== null : chat.archivedAt === null;
  });
  if (view === 'archived') {
    const shown = projects.filter((project) => project.archivedAt !== null);
    const { rows, rest } = projectRows(shown, visible, input.expandedFolders);
    return [...rows, ...byDate(rest, now)];
  }
  if (view === 'deleted') {
    const deleted = [...visible].sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? ''));
    return [...deletedFolderRows(input), ...deleted.map((chat) => chatRow(chat))];
  }

  const folderIds = new Set(input.folders.map((folder) => folder.id));
  const pinned: ChatSummary[] = [];
  const inFolder = new Map<string, ChatSummary[]>();
  const loose: ChatSummary[] = [];
  const live = projects.filter((project) => liveProjects.has(project.id));
  const { rows: projectList, rest } = projectRows(live, visible, input.expandedFolders);
  for (const chat of rest) {
    if (chat.favoritedAt !== null) pinned.push(chat);
    else if (chat.folderID !== null && folderIds.has(chat.folderID)) {
      const list = inFolder.get(chat.folderID) ?? [];
      list.push(chat);
      inFolder.set(chat.folderID, list);
    } else loose.push(chat);
  }

  const rows: SidebarRow[] = [];
  if (pinned.length > 0) {
    rows.push({ kind: 'heading', key: 'heading-pinned', heading: 'pinned' });
    pinned.sort((a, b) => (b.favoritedAt ?? '').localeCompare(a.favoritedAt ?? ''));
    for (const chat of pinned) rows.push(chatRow(chat));
  }
  rows.push(...projectList);
  if (input.folders.length > 0) {
    rows.push({ kind: 'heading', key: 'heading-folders', heading: 'folders' });
    input.folders.forEach((folder, index) => {
      const chats = inFolder.get(folder.id) ?? [];
      const expanded = input.expandedFolders.has(folder.id);
      rows.push({
        kind: 'folder',
        key: `folder-${folder.id}`,
        folder,
        count: chats.length,
        expanded,
        index,
        last: index === input.folders.length - 1,
      });
      if (expanded) for (const chat of chats) rows.push(chatRow(chat, true));
    });
  }
  rows.push(...byDate(loose, now));
  return rows;
}

function deletedFolderRows(input: SidebarRowsInput): SidebarRow[] {
  if (input.tagFilter.mode !== 'NONE') return [];
  const loose = new Set(
    input.chats.filter((chat) => chat.deletedAt === null && chat.folderID === null).map((chat) => chat.id),
  );
  return (input.deletedFolders ?? [])
    .filter((folder) => isWithinRetention(folder.deletedAt, input.now))
    .map((folder) => ({
      kind: 'deletedFolder',
      key: `deleted-folder-${folder.id}`,
      folder,
      count: (folder.movedOutChatIDs ?? []).filter((id) => loose.has(id)).length,
    }));
}

/**
 * Project rows (with a heading) and their chats when expanded; `rest` is every chat not in one of
 * `projects` (a chat whose project is unknown here shows as if in none).
 */
function projectRows(
  projects: readonly Project[],
  chats: readonly ChatSummary[],
  expanded: ReadonlySet<string>,
): { rows: SidebarRow[]; rest: readonly ChatSummary[] } {
  if (projects.length === 0) return { rows: [], rest: chats };
  const ids = new Set(projects.map((project) => project.id));
  const inProject = new Map<string, ChatSummary[]>();
  const rest: ChatSummary[] = [];
  for (const chat of chats) {
    const projectId = chat.projectId;
    if (projectId != null && ids.has(projectId)) {
      const list = inProject.get(projectId) ?? [];
      list.push(chat);
      inProject.set(projectId, list);
    } else rest.push(chat);
  }
  const rows: SidebarRow[] = [{ kind: 'heading', key: 'heading-projects', heading: 'projects' }];
  for (const project of projects) {
    const inside = inProject.get(project.id) ?? [];
    const open = expanded.has(project.id);
    rows.push({
      kind: 'project',
      key: `project-${project.id}`,
      project,
      count: inside.length,
      expanded: open,
    });
    if (open) for (const chat of inside) rows.push(chatRow(chat, true));
  }
  return { rows, rest };
}
