import type { ChatSummary, Folder } from '@parley/core/entities';
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
  | { readonly kind: 'heading'; readonly key: string; readonly heading: 'pinned' | 'folders' | 'deleted' }
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
  readonly view: SidebarView;
  readonly tagFilter: TagFilter;
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
 * first). Chats view: pinned chats, then folders (with their chats when expanded), then the rest by
 * date. Archived view: archived chats by date. Recently Deleted: folders, then chats, deleted in
 * the last 30 days, newest deletion first (folders have no tags: a tag filter leaves them out).
 */
export function buildSidebarRows(input: SidebarRowsInput): SidebarRow[] {
  const { view, now } = input;
  const matchesTags = tagFilterPredicate(input.tagFilter);
  const visible = input.chats.filter((chat) => {
    if (!matchesTags(chat)) return false;
    if (view === 'deleted') return isWithinRetention(chat.deletedAt, now);
    if (chat.deletedAt !== null) return false;
    return view === 'archived' ? chat.archivedAt !== null : chat.archivedAt === null;
  });
  if (view === 'archived') return byDate(visible, now);
  if (view === 'deleted') {
    const deleted = [...visible].sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? ''));
    return [...deletedFolderRows(input), ...deleted.map((chat) => chatRow(chat))];
  }

  const folderIds = new Set(input.folders.map((folder) => folder.id));
  const pinned: ChatSummary[] = [];
  const inFolder = new Map<string, ChatSummary[]>();
  const loose: ChatSummary[] = [];
  for (const chat of visible) {
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
