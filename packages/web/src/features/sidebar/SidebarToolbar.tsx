import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { IconButton } from '../../ui/IconButton';
import type { SidebarView } from './sidebar-rows';
import { CheckSquareIcon, FolderPlusIcon, ProjectPlusIcon, TagIcon } from '../../ui/icons/sidebar';
import { useProjectUi } from '../projects';
import { useSidebarDialog } from './sidebar-dialog-store';
import { useSidebarUi } from './sidebar-ui-store';

const VIEWS: readonly SidebarView[] = ['chats', 'archived', 'deleted'];

/** Which chats to show (live, archived, recently deleted) and the list's tools. */
export function SidebarToolbar() {
  const { t } = useTranslation();
  const view = useSidebarUi((state) => state.view);
  const setView = useSidebarUi((state) => state.setView);
  const tagFilter = useSidebarUi((state) => state.tagFilter);
  const setTagFilter = useSidebarUi((state) => state.setTagFilter);
  const selecting = useSidebarUi((state) => state.selecting);
  const setSelecting = useSidebarUi((state) => state.setSelecting);
  const show = useSidebarDialog((state) => state.show);
  const filtering = tagFilter.mode !== 'NONE';
  return (
    <div className="flex items-center gap-1">
      <select
        aria-label={t('sidebar.views.label')}
        value={view}
        onChange={(event) => setView(event.target.value as SidebarView)}
        className="h-8 min-w-0 flex-1 rounded-md border border-line bg-raised px-2 text-[13px] font-medium text-fg hover:bg-hover"
      >
        {VIEWS.map((option) => (
          <option key={option} value={option}>
            {t(`sidebar.views.${option}`)}
          </option>
        ))}
      </select>
      {view === 'chats' && (
        <IconButton
          label={t('projects.newProject')}
          icon={<ProjectPlusIcon size={17} />}
          onClick={() => useProjectUi.getState().show({ kind: 'new' })}
        />
      )}
      {view === 'chats' && (
        <IconButton
          label={t('sidebar.newFolder')}
          icon={<FolderPlusIcon size={17} />}
          onClick={() => show({ kind: 'newFolder' })}
        />
      )}
      <IconButton
        label={t('sidebar.filterByTag')}
        icon={<TagIcon size={16} />}
        aria-pressed={filtering}
        className={cn(filtering && 'bg-accent-soft text-accent-soft-fg')}
        onClick={() => setTagFilter(filtering ? { mode: 'NONE', tags: [] } : { mode: 'WITH_TAGS', tags: [] })}
      />
      <IconButton
        label={t('sidebar.select')}
        icon={<CheckSquareIcon size={16} />}
        aria-pressed={selecting}
        className={cn(selecting && 'bg-accent-soft text-accent-soft-fg')}
        onClick={() => setSelecting(!selecting)}
      />
    </div>
  );
}
