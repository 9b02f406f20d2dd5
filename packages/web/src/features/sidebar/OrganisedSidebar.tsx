import { useDeferredValue, useEffect, useMemo } from 'react';
import { afterFirstScreen, firstScreenPartShown, lazyPart } from '../../state';
import { useTranslation } from 'react-i18next';
import { OrganiseProvider, useLibrary } from './organise-context';
import { SidebarDialogs } from './SidebarDialogs';
import { SidebarList } from './SidebarList';
import { buildSidebarRows } from './sidebar-rows';
import { SidebarToolbar } from './SidebarToolbar';
import { useSidebarUi } from './sidebar-ui-store';

// Bulk actions are not part of the first screen; they are fetched once it has painted (so they
// work offline later too).
// Shown only while a tag filter is on: fetched then (decision 0141).
const TagFilterBar = lazyPart(() => import('./TagFilterBar'), {
  pick: (module) => module.TagFilterBar,
  strings: 'sidebarDialogs',
});
const BulkBar = lazyPart(() => import('./BulkBar'), {
  pick: (module) => module.BulkBar,
  strings: 'sidebarDialogs',
});

/** The organised sidebar: views, tag filter, pinned chats, folders and date groups, bulk actions. */
export function OrganisedSidebar() {
  useEffect(() => afterFirstScreen(() => void BulkBar.preload().catch(() => undefined)), []);
  return (
    <OrganiseProvider>
      <SidebarBody />
      <SidebarDialogs />
    </OrganiseProvider>
  );
}

function SidebarBody() {
  const { t } = useTranslation();
  // Deferred: a re-list of 10,000 chats (after an import batch, another tab's bulk action) is drawn
  // in a background render React can pause, not in one task that freezes the page (decision 0059).
  // The first list is drawn at once: it is the first screen, nothing is on screen to keep, and a
  // background render started again by every other update of the start came last (decision 0147).
  // One state object: the library sets its chats, folders and projects together.
  const library = useLibrary((state) => state);
  const deferred = useDeferredValue(library);
  const { chats, folders, deletedFolders, projects, readAt } = deferred.chats === null ? library : deferred;
  const view = useSidebarUi((state) => state.view);
  const tagFilter = useSidebarUi((state) => state.tagFilter);
  const expandedFolders = useSidebarUi((state) => state.expandedFolders);
  const selecting = useSidebarUi((state) => state.selecting);

  const listed = chats !== null;
  useEffect(() => {
    if (listed) firstScreenPartShown('sidebar');
  }, [listed]);
  const rows = useMemo(
    () =>
      chats
        ? buildSidebarRows({
            chats,
            folders,
            deletedFolders,
            projects,
            view,
            tagFilter,
            expandedFolders,
            now: readAt,
          })
        : [],
    [chats, folders, deletedFolders, projects, view, tagFilter, expandedFolders, readAt],
  );

  if (chats === null) return null;
  const noChatsAtAll =
    view === 'chats' &&
    folders.length === 0 &&
    projects.length === 0 &&
    !chats.some((c) => c.deletedAt === null);
  return (
    <div className="flex h-full flex-col gap-2">
      <SidebarToolbar />
      {tagFilter.mode !== 'NONE' && <TagFilterBar />}
      {selecting && <BulkBar rows={rows} />}
      {noChatsAtAll ? (
        <div className="mx-1 mt-1 rounded-xl border border-dashed border-line-strong px-4 py-6 text-center">
          <p className="text-sm font-medium text-fg">{t('chatList.emptyTitle')}</p>
          <p className="mt-1 text-[13px] text-fg-subtle">{t('chatList.emptyBody')}</p>
        </div>
      ) : rows.length === 0 ? (
        <p className="px-2 py-4 text-center text-[13px] text-fg-subtle">
          {tagFilter.mode !== 'NONE'
            ? t('sidebar.emptyView.filtered')
            : view === 'deleted'
              ? t('sidebar.emptyView.deleted')
              : t('sidebar.emptyView.archived')}
        </p>
      ) : (
        <SidebarList rows={rows} view={view} />
      )}
    </div>
  );
}
