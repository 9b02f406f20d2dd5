import { preloadMarkdown } from '../markdown';
import { activeChatPref } from './active-chat-store';
import { retryingImport } from '../../lib/retrying-import';

/** The message list (and its virtualiser) is its own chunk: the start screen does not need it. */
export const loadMessageList = () => retryingImport(() => import('./MessageList'));

/**
 * Called before the store has even opened: when the app will reopen a remembered chat, fetch the
 * message list and the markdown renderer at the same time, instead of one after the other once the
 * chat has been read.
 */
export function preloadRememberedChatView(): void {
  if (activeChatPref.read() === null) return;
  void loadMessageList().catch(() => undefined);
  preloadMarkdown();
}
