import { useEffect } from 'react';
import { lazyPart } from '../../state';
import { useHelpDialog } from './help-dialog-store';

// The dialog, the help texts (bundled at build time) and their strings are one chunk, fetched when
// Help first opens; the first screen holds only this host, the store and the sidebar link
// (decision 0096).
const HelpDialog = lazyPart(() => import('./HelpDialog'), { strings: 'help' });

/** Mounts the Help screen while it is open; an address ending in "#help-…" opens it at that section. */
export function HelpDialogHost() {
  const isOpen = useHelpDialog((state) => state.isOpen);
  useEffect(() => {
    const follow = () => {
      if (window.location.hash.startsWith('#help-')) useHelpDialog.getState().openLink(window.location.hash);
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  if (!isOpen) return null;
  return <HelpDialog />;
}
