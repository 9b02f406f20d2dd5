import type { ChatSummary } from '@parley/core/entities';
import { useTranslation } from 'react-i18next';
import { PopoverMenu, type MenuItem } from './PopoverMenu';
import type { SidebarView } from './sidebar-rows';
import { SidebarMoreIcon as MoreIcon } from '../../ui/icons/sidebar';
import { useSidebarDialog } from './sidebar-dialog-store';
import { useOrganiseActions } from './use-organise-actions';
import { useProjectUi } from '../projects';

/** A chat's row menu; what it offers depends on the view (live, archived, recently deleted). */
export function ChatRowMenu({
  chat,
  title,
  view,
  className,
}: {
  chat: ChatSummary;
  title: string;
  view: SidebarView;
  className?: string;
}) {
  const { t } = useTranslation();
  const actions = useOrganiseActions();
  const show = useSidebarDialog((state) => state.show);
  const ids = [chat.id];

  const items: MenuItem[] =
    view === 'deleted'
      ? [
          { id: 'restore', label: t('sidebar.menu.restore'), onSelect: () => void actions.restore(ids) },
          {
            id: 'deleteForever',
            label: t('sidebar.menu.deleteForever'),
            danger: true,
            onSelect: () => void actions.deleteForever(ids),
          },
        ]
      : [
          ...(view === 'chats'
            ? [
                {
                  id: 'pin',
                  label: chat.favoritedAt === null ? t('sidebar.menu.pin') : t('sidebar.menu.unpin'),
                  onSelect: () => void actions.setPinned(ids, chat.favoritedAt === null),
                },
              ]
            : []),
          {
            id: 'rename',
            label: t('sidebar.menu.rename'),
            onSelect: () => show({ kind: 'renameChat', chatId: chat.id, title }),
          },
          {
            id: 'move',
            label: t('sidebar.menu.moveToFolder'),
            onSelect: () => show({ kind: 'move', chatIds: ids }),
          },
          {
            id: 'moveToProject',
            label: t('projects.moveToProject'),
            onSelect: () => useProjectUi.getState().show({ kind: 'move', chatIds: ids }),
          },
          { id: 'tags', label: t('sidebar.menu.tags'), onSelect: () => show({ kind: 'tags', chatIds: ids }) },
          chat.archivedAt === null
            ? {
                id: 'archive',
                label: t('sidebar.menu.archive'),
                onSelect: () => void actions.setArchived(ids, true),
              }
            : {
                id: 'unarchive',
                label: t('sidebar.menu.unarchive'),
                onSelect: () => void actions.setArchived(ids, false),
              },
          { id: 'export', label: t('sidebar.menu.export'), onSelect: () => void actions.export([chat]) },
          {
            id: 'exportMarkdown',
            label: t('sidebar.menu.exportMarkdown'),
            onSelect: () => void actions.exportAs([chat], 'markdown'),
          },
          {
            id: 'exportPrintable',
            label: t('sidebar.menu.exportPrintable'),
            onSelect: () => void actions.exportAs([chat], 'html'),
          },
          {
            id: 'delete',
            label: t('sidebar.menu.delete'),
            danger: true,
            onSelect: () => void actions.delete(ids),
          },
        ];

  return (
    <PopoverMenu
      label={t('sidebar.chatMenu', { title })}
      icon={<MoreIcon size={16} />}
      items={items}
      className={className}
    />
  );
}
