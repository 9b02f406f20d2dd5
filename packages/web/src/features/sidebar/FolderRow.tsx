import type { Folder } from '@parley/core/entities';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { PopoverMenu } from './PopoverMenu';
import { ChevronRightIcon, FolderIcon, SidebarMoreIcon as MoreIcon } from '../../ui/icons/sidebar';
import { useSidebarDialog } from './sidebar-dialog-store';
import { useSidebarUi } from './sidebar-ui-store';
import { useOrganiseActions } from './use-organise-actions';

/** A folder: toggles its chats; a drop target for dragged chats; its menu renames, reorders, deletes. */
export const FolderRow = memo(function FolderRow({
  folder,
  count,
  expanded,
  index,
  last,
}: {
  folder: Folder;
  count: number;
  expanded: boolean;
  index: number;
  last: boolean;
}) {
  const { t } = useTranslation();
  const actions = useOrganiseActions();
  const toggleFolder = useSidebarUi((state) => state.toggleFolder);
  const show = useSidebarDialog((state) => state.show);
  const title = folder.title || t('sidebar.untitledFolder');
  return (
    <div className="group flex h-9 items-center gap-1 rounded-lg pr-1 hover:bg-hover">
      <button
        type="button"
        draggable
        data-folder-id={folder.id}
        aria-expanded={expanded}
        aria-label={t('sidebar.toggleFolder', { title, count })}
        onClick={() => toggleFolder(folder.id)}
        className="flex h-full min-w-0 flex-1 items-center gap-1.5 pl-1.5 text-left text-sm font-medium text-fg outline-offset-[-2px]"
      >
        <ChevronRightIcon
          size={14}
          className={cn('shrink-0 text-fg-subtle transition-transform', expanded && 'rotate-90')}
        />
        <FolderIcon size={16} className="shrink-0 text-fg-muted" />
        <span className="truncate">{title}</span>
        <span className="ml-auto shrink-0 pr-1 text-xs text-fg-subtle tabular-nums">{count}</span>
      </button>
      <PopoverMenu
        label={t('sidebar.folderMenu', { title })}
        icon={<MoreIcon size={16} />}
        className="opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 aria-expanded:opacity-100"
        items={[
          {
            id: 'rename',
            label: t('sidebar.menu.renameFolder'),
            onSelect: () => show({ kind: 'renameFolder', folder }),
          },
          ...(index > 0
            ? [
                {
                  id: 'up',
                  label: t('sidebar.menu.moveUp'),
                  onSelect: () => void actions.reorderFolder(folder.id, index - 1),
                },
              ]
            : []),
          ...(!last
            ? [
                {
                  id: 'down',
                  label: t('sidebar.menu.moveDown'),
                  onSelect: () => void actions.reorderFolder(folder.id, index + 1),
                },
              ]
            : []),
          {
            id: 'delete',
            label: t('sidebar.menu.deleteFolder'),
            danger: true,
            onSelect: () => void actions.deleteFolder(folder.id),
          },
        ]}
      />
    </div>
  );
});
