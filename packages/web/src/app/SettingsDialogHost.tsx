import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../lib/retrying-import';
import { LazyPart } from '../features/errors';
import { useSettingsDialog } from '../features/settings';
import { notify } from '../features/toasts';

// Settings and every section in it are their own chunk: the first screen never needs them.
const loadSettings = () => retryingImport(() => import('./AppSettingsDialog'));

/** Renders Settings once it has first been opened (and keeps it mounted, so closing animates). */
export function SettingsDialogHost() {
  const { t } = useTranslation();
  const isOpen = useSettingsDialog((state) => state.isOpen);
  const close = useSettingsDialog((state) => state.close);
  const [wanted, setWanted] = useState(isOpen);
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
