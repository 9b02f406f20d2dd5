import { lazy, Suspense, useEffect } from 'react';
import { retryingImport } from '../../lib/retrying-import';
import type { SlashMenu, SlashMenuProps } from '../chat';

const SlashMenuList = lazy(() => retryingImport(() => import('./SlashMenuList')));

/**
 * The `/` menu of the message box. Its list is a separate chunk fetched on the first `/`; until it
 * is there, Enter and the arrows do nothing rather than sending "/…" as a message.
 */
function PromptSlashMenu(props: SlashMenuProps) {
  const { keyHandlerRef } = props;
  useEffect(() => {
    if (keyHandlerRef.current) return;
    keyHandlerRef.current = (event) => ['Enter', 'ArrowUp', 'ArrowDown', 'Tab'].includes(event.key);
  }, [keyHandlerRef]);
  return (
    <Suspense fallback={null}>
      <SlashMenuList {...props} />
    </Suspense>
  );
}

export const promptSlashMenu: SlashMenu = PromptSlashMenu;
