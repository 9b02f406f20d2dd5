import type { Folder } from '@parley/core/entities';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PopoverMenu } from './PopoverMenu';
import { FolderIcon, SidebarMoreIcon as MoreIcon } from '../../ui/icons/sidebar';
import { useOrganiseActions } from './use-organise-actions';

/**
 * A deleted folder in Recently Deleted: its name, how many chats come back with it, and a menu
 * to restore it or delete it for good (as a deleted chat's row offers).
 */
export const DeletedFolderRow = memo(function DeletedFolderRow({
  folder,
  count,
}: {
  folder: Folder;
  count: number;
}) {
  const { t } = useTranslation();
  const actions = useOrganiseActions();
  const title = folder.title || t('sidebar.untitledFolder');
  return (
    <div
      className="group relative flex h-[54px] items-center gap-2.5 rounded-lg pr-1 pl-2 hover:bg-hover"
      data-folder-id={folder.id}
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sunken text-fg-muted">
        <FolderIcon size={16} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-fg">{title}</span>
        <span className="truncate text-xs text-fg-subtle">{t('sidebar.deletedFolder', { count })}</span>
      </span>
      <PopoverMenu
        label={t('sidebar.folderMenu', { title })}
        icon={<MoreIcon size={16} />}
        className="opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 aria-expanded:opacity-100"
        items={[
          {
            id: 'restore',
            label: t('sidebar.menu.restore'),
            onSelect: () => void actions.restoreFolder(folder.id),
          },
          {
            id: 'deleteForever',
            label: t('sidebar.menu.deleteForever'),
            danger: true,
            onSelect: () => void actions.deleteFolderForever(folder.id),
          },
        ]}
      />
    </div>
  );
});
