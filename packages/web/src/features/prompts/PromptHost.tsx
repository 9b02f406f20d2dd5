import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart, prefetchAfterFirstScreen } from '../../state';
import { notify } from '../toasts';
import { usePromptUi } from './prompt-ui-store';

const PromptDialogs = lazyPart(() => import('./PromptDialogs'), { strings: 'promptDialogs' });

/**
 * The library and the fill-in dialog: only this host is in the first-load bundle; the dialogs are
 * fetched once the first screen has painted (so they open offline too), or when one opens first.
 */
export function PromptHost() {
  const { t } = useTranslation();
  const libraryOpen = usePromptUi((state) => state.libraryOpen);
  const filling = usePromptUi((state) => state.filling);
  useEffect(() => prefetchAfterFirstScreen(PromptDialogs.preload), []);
  if (!libraryOpen && !filling) return null;
  return (
    <PromptDialogs
      onLoadFailed={() => {
        notify.error(t('errors.partFailed'));
        usePromptUi.setState({ libraryOpen: false, filling: null });
      }}
    />
  );
}
