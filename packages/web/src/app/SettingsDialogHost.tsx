import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withStrings } from '../i18n';
import { prefetchAfterFirstScreen } from '../lib/deferred';
import { retryingImport } from '../lib/retrying-import';
import { LazyPart } from '../features/errors';
import { useSettingsDialog } from '../features/settings';
import { notify } from '../features/toasts';

// Settings and every section in it are their own chunk, with their strings (decision 0060): the
// first screen never needs them. They are prefetched once it has painted, so Settings opens offline.
const loadSettings = () =>
  withStrings(['settings', 'modelPicker'], () => retryingImport(() => import('./AppSettingsDialog')));
const prefetchSettings = () => loadSettings().then((module) => module.preloadSections());

/** Renders Settings once it has first been opened (and keeps it mounted, so closing animates). */
export function SettingsDialogHost() {
  const { t } = useTranslation();
  const isOpen = useSettingsDialog((state) => state.isOpen);
  const close = useSettingsDialog((state) => state.close);
  const [wanted, setWanted] = useState(isOpen);
  useEffect(() => prefetchAfterFirstScreen(prefetchSettings), []);
  if (isOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <LazyPart
      load={loadSettings}
      props={{}}
      onFailed={() => {
        notify.error(t('errors.partFailed'));
        close();
        setWanted(false);
      }}
    />
  );
}
