import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetchAfterFirstScreen } from '../../lib/deferred';
import { retryingImport } from '../../lib/retrying-import';
import { withStrings } from '../../i18n';
import { LazyPart } from '../errors';
import { notify } from '../toasts';
import { usePromptUi } from './prompt-ui-store';

const loadDialogs = () => withStrings('promptDialogs', () => retryingImport(() => import('./PromptDialogs')));

/**
 * The library and the fill-in dialog: only this host is in the first-load bundle; the dialogs are
 * fetched once the first screen has painted (so they open offline too), or when one opens first.
 */
export function PromptHost() {
  const { t } = useTranslation();
  const libraryOpen = usePromptUi((state) => state.libraryOpen);
  const filling = usePromptUi((state) => state.filling);
  useEffect(() => prefetchAfterFirstScreen(loadDialogs), []);
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
