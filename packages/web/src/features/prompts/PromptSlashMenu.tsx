import { useEffect } from 'react';
import { lazyPart } from '../../state';
import type { SlashMenu, SlashMenuProps } from '../chat';

const SlashMenuList = lazyPart(() => import('./SlashMenuList'));

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
  return <SlashMenuList {...props} />;
}

export const promptSlashMenu: SlashMenu = PromptSlashMenu;
