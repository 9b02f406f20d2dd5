import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../chat/retrying-import';
import { LazyPartBoundary, useRetryableLazy } from '../errors/LazyPartBoundary';
import { useShortcut } from '../shortcuts/ShortcutsProvider';
import { notify } from '../toasts/notify';
import { useCommandPalette } from './palette-store';

const loadPanel = () => retryingImport(() => import('./PalettePanel'));

/**
 * Cmd/Ctrl+K: search every chat (titles and messages, in the worker) and run commands. Only the
 * shortcut lives in the first-load bundle; the panel is fetched the first time it opens.
 * `onOpen` lets the app start what the panel needs (the search index) at the same moment.
 */
export function CommandPalette({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const isOpen = useCommandPalette((state) => state.isOpen);
  const open = useCommandPalette((state) => state.open);
  const close = useCommandPalette((state) => state.close);
  const [PalettePanel, retry] = useRetryableLazy(loadPanel);
  const [attempt, setAttempt] = useState(0);
  useShortcut('search', () => (useCommandPalette.getState().isOpen ? close() : open()));
  useEffect(() => {
    if (isOpen) onOpen?.();
  }, [isOpen, onOpen]);
  if (!isOpen) return null;
  return (
    <LazyPartBoundary
      key={attempt}
      onFailed={() => {
        notify.error(t('errors.partFailed'));
        close();
        retry();
        setAttempt((count) => count + 1);
      }}
    >
      <Suspense fallback={null}>
        <PalettePanel onClose={close} />
      </Suspense>
    </LazyPartBoundary>
  );
}
