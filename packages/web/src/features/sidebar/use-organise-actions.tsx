import type { ChatSummary } from '@parley/core/entities';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatRuntime } from '../chat';
import type { Undo } from '../organise';
import { notify } from '../toasts';
import { useOrganise } from './organise-context';
import { downloadJson } from './download-json';
import { exportChats, type ChatExportFormat } from '../portability';
import { usePlatformServices } from '../../state';

type Toastable = 'deleted' | 'archived' | 'unarchived' | 'moved' | 'restored' | 'tagged';

/**
 * The sidebar's actions: each runs one organise call and tells the user, with an Undo button in the
 * toast where the action can be undone. Failures become an error toast (never a silent no-op).
 */
export function useOrganiseActions() {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const { service } = useOrganise();
  const { store, clock } = usePlatformServices();

  return useMemo(() => {
    const fail = (error: unknown) =>
      notify.error(
        t('organise.toasts.failed', { message: error instanceof Error ? error.message : String(error) }),
      );

    const withUndo = (action: Promise<Undo>, toast: Toastable, count: number) =>
      undoable(action, t(`organise.toasts.${toast}`, { count }));

    const undoable = async (action: Promise<Undo>, message: string) => {
      try {
        const undo = await action;
        notify.undoable((shown) => (
          <span className="flex items-center gap-3">
            <span>{message}</span>
            <button
              type="button"
              className="rounded-md px-2 py-0.5 text-[13px] font-semibold text-accent hover:bg-hover"
              onClick={() => {
                notify.dismiss(shown.id);
                undo().then(() => notify.success(t('organise.toasts.undone')), fail);
              }}
            >
              {t('organise.toasts.undo')}
            </button>
          </span>
        ));
      } catch (error) {
        fail(error);
      }
    };

    const quietly = (action: Promise<unknown>) => action.catch(fail);

    const closeIfOpen = (ids: readonly string[]) => {
      const open = runtime.active.getState().activeChatId;
      if (open && ids.includes(open)) runtime.active.startNew();
    };

    return {
      /** A deleted chat (Recently Deleted) opens read-only, with Restore. */
      open: (chatId: string, deleted = false) => void runtime.active.open(chatId, { deleted }),
      setPinned: (ids: readonly string[], pinned: boolean) => quietly(service.setPinned(ids, pinned)),
      rename: (id: string, title: string) => quietly(service.rename(id, title)),
      moveToFolder: (ids: readonly string[], folderID: string | null) =>
        withUndo(service.moveToFolder(ids, folderID), 'moved', ids.length),
      addTag: (ids: readonly string[], name: string) =>
        ids.length > 1
          ? withUndo(service.addTag(ids, name), 'tagged', ids.length)
          : quietly(service.addTag(ids, name)),
      removeTag: (ids: readonly string[], name: string) => quietly(service.removeTag(ids, name)),
      setArchived: (ids: readonly string[], archived: boolean) => {
        if (archived) closeIfOpen(ids);
        return withUndo(service.setArchived(ids, archived), archived ? 'archived' : 'unarchived', ids.length);
      },
      delete: (ids: readonly string[]) => {
        closeIfOpen(ids);
        return withUndo(service.delete(ids), 'deleted', ids.length);
      },
      restore: (ids: readonly string[]) => withUndo(service.restore(ids), 'restored', ids.length),
      deleteForever: (ids: readonly string[]) =>
        service.deleteForever(ids).then(() => notify.success(t('organise.toasts.purgedForever')), fail),
      async export(chats: readonly Pick<ChatSummary, 'id' | 'title'>[]) {
        try {
          const json = await service.exportJson(chats.map((chat) => chat.id));
          const single = chats.length === 1 ? chats[0] : undefined;
          downloadJson(json, single ? single.title || single.id : `parley-chats-${chats.length}`);
          notify.success(t('organise.toasts.exported', { count: chats.length }));
        } catch (error) {
          fail(error);
        }
      },
      /** One chat as Markdown or a printable page (the JSON export above re-imports). */
      async exportAs(chats: readonly Pick<ChatSummary, 'id'>[], format: Exclude<ChatExportFormat, 'json'>) {
        try {
          await exportChats(
            store,
            chats.map((chat) => chat.id),
            format,
            clock.now(),
          );
          notify.success(t('organise.toasts.exported', { count: chats.length }));
        } catch (error) {
          fail(error);
        }
      },
      createFolder: (title: string) =>
        service.createFolder(title).catch((error: unknown) => {
          fail(error);
          return undefined;
        }),
      renameFolder: (id: string, title: string) => quietly(service.renameFolder(id, title)),
      reorderFolder: (id: string, toIndex: number) => quietly(service.reorderFolder(id, toIndex)),
      deleteFolder: (id: string) => undoable(service.deleteFolder(id), t('organise.toasts.folderDeleted')),
      restoreFolder: (id: string) => undoable(service.restoreFolder(id), t('organise.toasts.folderRestored')),
      deleteFolderForever: (id: string) =>
        service.deleteFolderForever(id).then(() => notify.success(t('organise.toasts.purgedForever')), fail),
    };
  }, [t, runtime, service, store, clock]);
}

export type OrganiseActions = ReturnType<typeof useOrganiseActions>;
