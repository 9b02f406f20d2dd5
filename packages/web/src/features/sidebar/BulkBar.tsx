import { useTranslation } from 'react-i18next';
import { useLibrary } from './organise-context';
import type { SidebarRow } from './sidebar-rows';
import { useSidebarDialog } from './sidebar-dialog-store';
import { useSidebarUi } from './sidebar-ui-store';
import { useOrganiseActions } from './use-organise-actions';

const small =
  'h-7 rounded-md px-2 text-xs font-medium text-fg hover:bg-hover disabled:pointer-events-none disabled:opacity-40';

/** Select mode: act on every selected chat at once (one transaction, one undo). */
export function BulkBar({ rows }: { rows: readonly SidebarRow[] }) {
  const { t } = useTranslation();
  const actions = useOrganiseActions();
  const show = useSidebarDialog((state) => state.show);
  const view = useSidebarUi((state) => state.view);
  const selected = useSidebarUi((state) => state.selected);
  const selectAll = useSidebarUi((state) => state.selectAll);
  const setSelecting = useSidebarUi((state) => state.setSelecting);
  const clearSelection = useSidebarUi((state) => state.clearSelection);
  const chats = useLibrary((state) => state.chats);
  const ids = [...selected];
  const none = ids.length === 0;
  const after = (run: Promise<unknown>) => void run.then(clearSelection);

  return (
    <section aria-label={t('sidebar.select')} className="rounded-lg border border-line bg-raised p-1.5">
      <div className="flex items-center gap-1 px-1">
        <span className="text-xs font-semibold text-fg" aria-live="polite">
          {t('sidebar.selectedCount', { count: ids.length })}
        </span>
        <button
          type="button"
          className={`${small} ml-auto`}
          onClick={() => selectAll(rows.flatMap((row) => (row.kind === 'chat' ? [row.chat.id] : [])))}
        >
          {t('sidebar.selectAll')}
        </button>
        <button type="button" className={`${small} text-accent`} onClick={() => setSelecting(false)}>
          {t('sidebar.doneSelecting')}
        </button>
      </div>
      <div className="mt-1 flex flex-wrap gap-0.5">
        {view === 'deleted' ? (
          <>
            <button
              type="button"
              disabled={none}
              className={small}
              onClick={() => after(actions.restore(ids))}
            >
              {t('sidebar.menu.restore')}
            </button>
            <button
              type="button"
              disabled={none}
              className={`${small} text-danger`}
              onClick={() => after(actions.deleteForever(ids))}
            >
              {t('sidebar.menu.deleteForever')}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              disabled={none}
              className={small}
              onClick={() => show({ kind: 'move', chatIds: ids })}
            >
              {t('sidebar.menu.moveToFolder')}
            </button>
            <button
              type="button"
              disabled={none}
              className={small}
              onClick={() => show({ kind: 'tags', chatIds: ids })}
            >
              {t('sidebar.menu.tags')}
            </button>
            <button
              type="button"
              disabled={none}
              className={small}
              onClick={() => after(actions.setArchived(ids, view !== 'archived'))}
            >
              {view === 'archived' ? t('sidebar.menu.unarchive') : t('sidebar.menu.archive')}
            </button>
            <button
              type="button"
              disabled={none}
              className={small}
              onClick={() => void actions.export((chats ?? []).filter((chat) => selected.has(chat.id)))}
            >
              {t('sidebar.menu.export')}
            </button>
            <button
              type="button"
              disabled={none}
              className={`${small} text-danger`}
              onClick={() => after(actions.delete(ids))}
            >
              {t('sidebar.menu.delete')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
