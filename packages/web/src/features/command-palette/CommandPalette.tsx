import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart, prefetchAfterFirstScreen } from '../../state';
import { useShortcut } from '../shortcuts';
import { notify } from '../toasts';
import { useCommandPalette } from './palette-store';

const PalettePanel = lazyPart(() => import('./PalettePanel'), { strings: 'palette' });

/**
 * Cmd/Ctrl+K: search every chat (titles and messages, in the worker) and run commands. Only the
 * shortcut lives in the first-load bundle; the panel is fetched once the first screen has painted (so it
 * opens offline too), or the first time it opens.
 * `onOpen` lets the app start what the panel needs (the search index) at the same moment.
 */
export function CommandPalette({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const isOpen = useCommandPalette((state) => state.isOpen);
  const open = useCommandPalette((state) => state.open);
  const close = useCommandPalette((state) => state.close);
  useEffect(() => prefetchAfterFirstScreen(PalettePanel.preload), []);
  useShortcut('search', () => (useCommandPalette.getState().isOpen ? close() : open()));
  useEffect(() => {
    if (isOpen) onOpen?.();
  }, [isOpen, onOpen]);
  if (!isOpen) return null;
  return (
    <PalettePanel
      onClose={close}
      onLoadFailed={() => {
        notify.error(t('errors.partFailed'));
        close();
      }}
    />
  );
}
