import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_ATTRIBUTE } from '@parley/core/documents';
import { PaperclipIcon } from '../../ui/icons/chat';
import { IconButton } from '../../ui/IconButton';
import {
  useComposerAttachments,
  useChatRuntime,
  usePendingAttachments,
  type ComposerAddonProps,
} from '../chat';
import { useFeatureAccess } from '../license';
import { lazyPart, prefetchAfterFirstScreen, retryingImport } from '../../state';
import { setBlocked, useDocumentsState } from './documents-store';

// Reading files and the tray that shows them are not part of the first screen (decision 0079):
// fetched once it has painted (so attaching works offline too), or at the first file.
const loadAddFiles = () => retryingImport(() => import('./add-files'));
const AttachmentTray = lazyPart(() => import('./AttachmentTray'), {
  pick: (module) => module.AttachmentTray,
  strings: 'conversation',
  alsoPreload: loadAddFiles,
});

/**
 * The documents part of the message box (DO*): the attach button, and the tray with the attached
 * files, what is being read, and any refusal. Files dropped on the chat or pasted into the box come
 * here too, through the composer's file handler.
 */
export function DocumentsAddon(props: ComposerAddonProps) {
  return props.place === 'button' ? <AttachButton {...props} /> : <TrayWhenNeeded {...props} />;
}

/** The tray, once there is something to show in it: a file, one being read, a notice or a refusal. */
function TrayWhenNeeded(props: ComposerAddonProps) {
  const key = props.draftKey;
  const attached = usePendingAttachments(key).length > 0;
  const busy = useDocumentsState(
    (state) =>
      (state.reading[key]?.length ?? 0) > 0 ||
      (state.notices[key]?.length ?? 0) > 0 ||
      (state.blocked[key] ?? null) !== null,
  );
  if (!attached && !busy) return null;
  return <AttachmentTray {...props} />;
}

function AttachButton({ draftKey, model }: ComposerAddonProps) {
  const { t, i18n } = useTranslation();
  const runtime = useChatRuntime();
  const access = useFeatureAccess('uploadDocuments');
  const vision = useFeatureAccess('vision');
  const inputRef = useRef<HTMLInputElement>(null);
  const take = useRef<(files: File[]) => void>(() => undefined);
  const takeFiles = (files: File[]) => {
    // Gated by the license (uploadDocuments) and the deployment's flag (uploadDocument).
    if (!access.allowed) {
      setBlocked(draftKey, 'uploadDocuments');
      return;
    }
    setBlocked(draftKey, null);
    void loadAddFiles()
      .then(({ addFiles }) =>
        addFiles(files, {
          draftKey,
          model,
          store: runtime.services.store,
          clock: runtime.services.clock,
          canSendImages: vision.allowed,
          language: i18n.language,
        }),
      )
      .catch((error: unknown) => console.warn('Parley could not read the files:', error));
  };
  // Dropped and pasted files reach the latest draft and model.
  useEffect(() => {
    take.current = takeFiles;
  });
  useEffect(() => prefetchAfterFirstScreen(AttachmentTray.preload), []);
  useEffect(() => {
    const handler = (files: File[]) => take.current(files);
    useComposerAttachments.setState({ fileHandler: handler });
    return () => {
      if (useComposerAttachments.getState().fileHandler === handler) {
        useComposerAttachments.setState({ fileHandler: null });
      }
    };
  }, []);
  // A deployment that switched uploads off shows no button at all (LI7).
  if (!access.allowed && access.reason === 'disabled') return null;
  return (
    <>
      <IconButton
        label={t('documents.attach')}
        icon={<PaperclipIcon size={18} />}
        tooltipSide="top"
        onClick={() => (access.allowed ? inputRef.current?.click() : setBlocked(draftKey, 'uploadDocuments'))}
      />
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className="hidden"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) takeFiles(files);
        }}
      />
    </>
  );
}
