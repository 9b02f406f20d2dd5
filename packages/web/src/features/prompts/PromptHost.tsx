import { useTranslation } from 'react-i18next';
import { retryingImport } from '../../lib/retrying-import';
import { LazyPart } from '../errors';
import { notify } from '../toasts';
import { usePromptUi } from './prompt-ui-store';

const loadDialogs = () => retryingImport(() => import('./PromptDialogs'));

/**
 * The library and the fill-in dialog: only this host is in the first-load bundle; the dialogs are
 * fetched the first time one opens.
 */
export function PromptHost() {
  const { t } = useTranslation();
  const libraryOpen = usePromptUi((state) => state.libraryOpen);
  const filling = usePromptUi((state) => state.filling);
  if (!libraryOpen && !filling) return null;
  return (
    <LazyPart
      load={loadDialogs}
      props={{}}
      onFailed={() => {
        notify.error(t('errors.partFailed'));
        usePromptUi.setState({ libraryOpen: false, filling: null });
      }}
    />
  );
}
