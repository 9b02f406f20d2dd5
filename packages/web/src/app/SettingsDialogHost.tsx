import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart, prefetchAfterFirstScreen } from '../state';
import { useSettingsDialog } from '../features/settings';
import { notify } from '../features/toasts';

// Settings and every section in it are their own chunk, with their strings (decision 0060): the
// first screen never needs them. They are prefetched once it has painted, so Settings opens offline.
const AppSettingsDialog = lazyPart(() => import('./AppSettingsDialog'), {
  strings: ['settings', 'modelPicker'],
  // Every section that is a chunk of its own, too.
  alsoPreload: () => import('./AppSettingsDialog').then((module) => module.preloadSections()),
});

/** Renders Settings once it has first been opened (and keeps it mounted, so closing animates). */
export function SettingsDialogHost() {
  const { t } = useTranslation();
  const isOpen = useSettingsDialog((state) => state.isOpen);
  const close = useSettingsDialog((state) => state.close);
  const [wanted, setWanted] = useState(isOpen);
  useEffect(() => prefetchAfterFirstScreen(AppSettingsDialog.preload), []);
  if (isOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <AppSettingsDialog
      onLoadFailed={() => {
        notify.error(t('errors.partFailed'));
        close();
        setWanted(false);
      }}
    />
  );
}
