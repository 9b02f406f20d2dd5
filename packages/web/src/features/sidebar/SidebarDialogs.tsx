import { useEffect } from 'react';
import { afterFirstScreen, lazyPart } from '../../state';
import { useSidebarDialog } from './sidebar-dialog-store';

// The dialogs (move, tags, names) are not part of the first screen; they are fetched once it has
// painted, so they open at once later, also offline.
const SidebarDialogContent = lazyPart(() => import('./SidebarDialogContent'), { strings: 'sidebarDialogs' });

export function SidebarDialogs() {
  useEffect(() => afterFirstScreen(() => void SidebarDialogContent.preload().catch(() => undefined)), []);
  const open = useSidebarDialog((state) => state.dialog !== null);
  if (!open) return null;
  return <SidebarDialogContent />;
}
