import { lazyPart } from '../../state';
import type { ChatAutoReadToggleProps } from './ChatAutoReadToggle';

export type { ChatAutoReadToggleProps };

/** The chat toolbar's "read answers aloud in this chat" switch, fetched after the first screen. */
export const ChatAutoReadSlot = lazyPart(() => import('./ChatAutoReadToggle'), {
  strings: 'voice',
  pick: (module) => module.ChatAutoReadToggle,
  background: true,
});
