import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { FolderIcon, FolderPlusIcon } from '../../ui/icons/sidebar';
import { NameDialog } from './NameDialog';
import { useLibrary } from './organise-context';
import { useSidebarDialog } from './sidebar-dialog-store';
import { useSidebarUi } from './sidebar-ui-store';
import { TagEditorDialog } from './TagEditorDialog';
import { useOrganiseActions } from './use-organise-actions';

/** The sidebar's dialogs: the keyboard path for everything drag and drop does, plus tags and names. */
export default function SidebarDialogContent() {
  const { t } = useTranslation();
  const dialog = useSidebarDialog((state) => state.dialog);
  const close = useSidebarDialog((state) => state.close);
  const show = useSidebarDialog((state) => state.show);
  const actions = useOrganiseActions();
  const clearSelection = useSidebarUi((state) => state.clearSelection);
  if (!dialog) return null;

  switch (dialog.kind) {
    case 'move':
      return (
        <MoveDialog
          count={dialog.chatIds.length}
          onClose={close}
          onNewFolder={() => show({ kind: 'newFolder', thenMove: dialog.chatIds })}
          onChoose={(folderID) => {
            close();
            clearSelection();
            void actions.moveToFolder(dialog.chatIds, folderID);
            if (folderID) useSidebarUi.getState().toggleFolder(folderID, true);
          }}
        />
      );
    case 'tags':
      return <TagEditorDialog chatIds={dialog.chatIds} onClose={close} />;
    case 'renameChat':
      return (
        <NameDialog
          title={t('organise.nameDialog.renameChatTitle')}
          initial={dialog.title}
          onClose={close}
          onSave={(name) => void actions.rename(dialog.chatId, name)}
        />
      );
    case 'renameFolder':
      return (
        <NameDialog
          title={t('organise.nameDialog.renameFolderTitle')}
          initial={dialog.folder.title}
          onClose={close}
          onSave={(name) => void actions.renameFolder(dialog.folder.id, name)}
        />
      );
    case 'newFolder':
      return (
        <NameDialog
          title={t('organise.nameDialog.newFolderTitle')}
          initial=""
          onClose={close}
          onSave={async (name) => {
            const folder = await actions.createFolder(name);
            if (folder && dialog.thenMove) {
              clearSelection();
              await actions.moveToFolder(dialog.thenMove, folder.id);
              useSidebarUi.getState().toggleFolder(folder.id, true);
            }
          }}
        />
      );
  }
}

function MoveDialog({
  count,
  onClose,
  onChoose,
  onNewFolder,
}: {
  count: number;
  onClose: () => void;
  onChoose: (folderID: string | null) => void;
  onNewFolder: () => void;
}) {
  const { t } = useTranslation();
  const folders = useLibrary((state) => state.folders);
  const option =
    'flex h-9 w-full items-center gap-2 rounded-md px-2.5 text-left text-sm text-fg hover:bg-hover focus-visible:bg-hover';
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t('organise.moveDialog.title')}
      description={t('organise.moveDialog.description', { count })}
    >
      <div className="flex max-h-80 flex-col gap-0.5 overflow-y-auto p-3">
        <button type="button" className={option} onClick={() => onChoose(null)}>
          <span className="size-4" aria-hidden="true" />
          {t('organise.moveDialog.noFolder')}
        </button>
        {folders.map((folder) => (
          <button key={folder.id} type="button" className={option} onClick={() => onChoose(folder.id)}>
            <FolderIcon size={16} className="text-fg-muted" />
            <span className="truncate">{folder.title || t('sidebar.untitledFolder')}</span>
          </button>
        ))}
        <button type="button" className={`${option} text-accent`} onClick={onNewFolder}>
          <FolderPlusIcon size={16} />
          {t('organise.moveDialog.newFolder')}
        </button>
      </div>
    </Dialog>
  );
}
