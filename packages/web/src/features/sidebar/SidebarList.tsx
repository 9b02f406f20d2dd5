import type { ChatSummary } from '@parley/core/entities';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { useActiveChat } from '../chat';
import { ChatRow } from './ChatRow';
import { DeletedFolderRow } from './DeletedFolderRow';
import { FolderRow } from './FolderRow';
import { ProjectRow } from './ProjectRow';
import { useProjectUi } from '../projects';
import { RowHeading } from './RowHeading';
import type { SidebarRow, SidebarView } from './sidebar-rows';
import { useSidebarUi } from './sidebar-ui-store';
import { useRowWindow } from './use-row-window';
import { useOrganiseActions } from './use-organise-actions';

const CHAT_MIME = 'application/x-parley-chats';
const FOLDER_MIME = 'application/x-parley-folder';

const rowHeight = (row: SidebarRow | undefined) =>
  row?.kind === 'chat' || row?.kind === 'deletedFolder'
    ? 56
    : row?.kind === 'folder' || row?.kind === 'project'
      ? 38
      : row?.kind === 'heading'
        ? 32
        : 30;

/**
 * Where a drop lands: a project (move in), a folder (move in, out of any project), or a loose chat
 * or date heading (out of folders and projects).
 */
function dropTargetOf(
  row: SidebarRow | undefined,
): { folderID: string | null; project?: { id: string; name: string } } | null {
  if (row?.kind === 'project') return { folderID: null, project: row.project };
  if (row?.kind === 'folder') return { folderID: row.folder.id };
  if (row?.kind === 'date') return { folderID: null };
  if (row?.kind === 'chat' && row.chat.favoritedAt === null && !row.inFolder) return { folderID: null };
  return null;
}

/**
 * The virtualised sidebar list (fixed row heights by kind: nothing is measured; only the rows in
 * view and a few around them are rendered, use-row-window.ts). Drag and drop (native HTML5) is
 * handled once, on the list, not per row.
 */
export function SidebarList({ rows, view }: { rows: readonly SidebarRow[]; view: SidebarView }) {
  const { t } = useTranslation();
  const actions = useOrganiseActions();
  const activeChatId = useActiveChat((state) => state.activeChatId);
  const selecting = useSidebarUi((state) => state.selecting);
  const selected = useSidebarUi((state) => state.selected);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);

  // Kept per list, so a scroll step or a selection redraws the visible rows without laying out
  // 10,000 of them again.
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const estimateSize = useCallback((index: number) => rowHeight(rows[index]), [rows]);
  const rowWindow = useRowWindow({
    count: rows.length,
    size: estimateSize,
    key: getItemKey,
    scrollRef,
    overscan: 10,
  });

  const chatOrder = useMemo(() => rows.flatMap((row) => (row.kind === 'chat' ? [row.chat.id] : [])), [rows]);
  const chatOrderRef = useRef(chatOrder);
  useLayoutEffect(() => {
    chatOrderRef.current = chatOrder;
  }, [chatOrder]);

  const onRowClick = useCallback(
    (chat: ChatSummary, event: React.MouseEvent) => {
      const ui = useSidebarUi.getState();
      const modifier = event.ctrlKey || event.metaKey;
      if (!ui.selecting && !modifier && !event.shiftKey) {
        actions.open(chat.id, chat.deletedAt !== null);
        return;
      }
      if (!ui.selecting) ui.setSelecting(true);
      useSidebarUi.getState().select(chat.id, event.shiftKey ? 'range' : 'toggle', chatOrderRef.current);
    },
    [actions],
  );

  const rowIndexAt = (target: EventTarget): number | null => {
    const element = (target as HTMLElement).closest?.('[data-row-index]');
    const index = element ? Number(element.getAttribute('data-row-index')) : NaN;
    return Number.isNaN(index) ? null : index;
  };

  const onDragStart = (event: React.DragEvent) => {
    const source = event.target as HTMLElement;
    const folderId = source.getAttribute?.('data-folder-id');
    if (folderId) {
      event.dataTransfer.setData(FOLDER_MIME, folderId);
      event.dataTransfer.effectAllowed = 'move';
      return;
    }
    const chatId = source.getAttribute?.('data-chat-id');
    if (!chatId) return;
    const { selected: chosen } = useSidebarUi.getState();
    const ids = chosen.has(chatId) ? [...chosen] : [chatId];
    event.dataTransfer.setData(CHAT_MIME, JSON.stringify(ids));
    event.dataTransfer.effectAllowed = 'move';
  };

  const onDragOver = (event: React.DragEvent) => {
    const index = rowIndexAt(event.target);
    const row = index === null ? undefined : rows[index];
    const types = event.dataTransfer.types;
    const accepts =
      (types.includes(CHAT_MIME) && dropTargetOf(row) !== null) ||
      (types.includes(FOLDER_MIME) && row?.kind === 'folder');
    if (!accepts) return setDropIndex(null);
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropIndex(index);
  };

  const onDrop = (event: React.DragEvent) => {
    setDropIndex(null);
    const index = rowIndexAt(event.target);
    const row = index === null ? undefined : rows[index];
    const folderId = event.dataTransfer.getData(FOLDER_MIME);
    if (folderId && row?.kind === 'folder') {
      event.preventDefault();
      if (folderId !== row.folder.id) void actions.reorderFolder(folderId, row.index);
      return;
    }
    const target = dropTargetOf(row);
    const raw = event.dataTransfer.getData(CHAT_MIME);
    if (!target || !raw) return;
    event.preventDefault();
    const ids = (JSON.parse(raw) as unknown[]).filter((id): id is string => typeof id === 'string');
    if (ids.length === 0) return;
    if (target.project) {
      useProjectUi.getState().show({ kind: 'moveChats', chatIds: ids, project: target.project });
      useSidebarUi.getState().toggleFolder(target.project.id, true);
      return;
    }
    // Dropped into a folder or among the loose chats: out of any project too, so it shows there.
    const dragged = new Set(ids);
    const inProject = rows.flatMap((r) =>
      r.kind === 'chat' && r.chat.projectId != null && dragged.has(r.chat.id) ? [r.chat.id] : [],
    );
    if (inProject.length > 0)
      useProjectUi.getState().show({ kind: 'moveChats', chatIds: inProject, project: null });
    void actions.moveToFolder(ids, target.folderID);
    if (target.folderID) useSidebarUi.getState().toggleFolder(target.folderID, true);
  };

  return (
    <div
      ref={scrollRef}
      className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1 [contain:strict]"
      data-testid="sidebar-scroller"
    >
      <ul
        aria-label={t('sidebar.listLabel')}
        className="relative w-full"
        style={{ height: rowWindow.totalSize }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragLeave={() => setDropIndex(null)}
        onDrop={onDrop}
        onDragEnd={() => setDropIndex(null)}
      >
        {rowWindow.items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <li
              key={item.key}
              data-row-index={item.index}
              className={cn(
                'absolute top-0 left-0 w-full rounded-lg',
                dropIndex === item.index && 'ring-2 ring-accent ring-inset',
              )}
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'chat' ? (
                <ChatRow
                  chat={row.chat}
                  view={view}
                  inFolder={row.inFolder}
                  active={row.chat.id === activeChatId}
                  selecting={selecting}
                  selected={selected.has(row.chat.id)}
                  onClick={onRowClick}
                />
              ) : row.kind === 'deletedFolder' ? (
                <DeletedFolderRow folder={row.folder} count={row.count} />
              ) : row.kind === 'project' ? (
                <ProjectRow project={row.project} count={row.count} expanded={row.expanded} />
              ) : row.kind === 'folder' ? (
                <FolderRow
                  folder={row.folder}
                  count={row.count}
                  expanded={row.expanded}
                  index={row.index}
                  last={row.last}
                />
              ) : (
                <RowHeading row={row} />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
