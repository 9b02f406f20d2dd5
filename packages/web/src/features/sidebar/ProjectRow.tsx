import type { Project } from '@parley/core/entities';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { ChevronRightIcon, ProjectIcon, SidebarMoreIcon as MoreIcon } from '../../ui/icons/sidebar';
import { useProjectUi } from '../projects';
import { PopoverMenu } from './PopoverMenu';
import { useSidebarUi } from './sidebar-ui-store';

/**
 * A project (decision 0104): the chevron shows its chats here, the name opens its page; a drop
 * target for dragged chats; its menu starts a chat in it, renames, archives and deletes.
 */
export const ProjectRow = memo(function ProjectRow({
  project,
  count,
  expanded,
}: {
  project: Project;
  count: number;
  expanded: boolean;
}) {
  const { t } = useTranslation();
  const toggle = useSidebarUi((state) => state.toggleFolder);
  const show = useProjectUi((state) => state.show);
  const name = project.name || t('projects.untitled');
  const archived = project.archivedAt !== null;
  return (
    <div
      className="group flex h-9 items-center gap-0.5 rounded-lg pr-1 hover:bg-hover"
      data-project-id={project.id}
    >
      <button
        type="button"
        aria-expanded={expanded}
        aria-label={t('projects.toggle', { name, count })}
        onClick={() => toggle(project.id)}
        className="flex size-7 shrink-0 items-center justify-center rounded-md text-fg-subtle outline-offset-[-2px] hover:text-fg"
      >
        <ChevronRightIcon size={14} className={cn('transition-transform', expanded && 'rotate-90')} />
      </button>
      <button
        type="button"
        aria-label={t('projects.open', { name })}
        onClick={() => show({ kind: 'page', projectId: project.id })}
        className="flex h-full min-w-0 flex-1 items-center gap-1.5 text-left text-sm font-medium text-fg outline-offset-[-2px]"
      >
        <ProjectIcon size={16} className="shrink-0 text-accent" />
        <span className="truncate">{name}</span>
        <span className="ml-auto shrink-0 pr-1 text-xs text-fg-subtle tabular-nums">{count}</span>
      </button>
      <PopoverMenu
        label={t('projects.menu', { name })}
        icon={<MoreIcon size={16} />}
        className="opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 aria-expanded:opacity-100 max-sm:opacity-100"
        items={[
          {
            id: 'open',
            label: t('projects.menuItems.open'),
            onSelect: () => show({ kind: 'page', projectId: project.id }),
          },
          ...(archived
            ? []
            : [
                {
                  id: 'newChat',
                  label: t('projects.menuItems.newChat'),
                  onSelect: () => show({ kind: 'startChat', project }),
                },
              ]),
          {
            id: 'rename',
            label: t('projects.menuItems.rename'),
            onSelect: () => show({ kind: 'rename', project }),
          },
          {
            id: archived ? 'unarchive' : 'archive',
            label: archived ? t('projects.menuItems.unarchive') : t('projects.menuItems.archive'),
            onSelect: () => show({ kind: 'archive', project, archived: !archived }),
          },
          {
            id: 'delete',
            label: t('projects.menuItems.delete'),
            danger: true,
            onSelect: () => show({ kind: 'delete', project }),
          },
        ]}
      />
    </div>
  );
});
