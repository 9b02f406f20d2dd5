import type { Message } from '@parley/core/entities';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type RefObject } from 'react';
import { create } from 'zustand';

/** How long a message found by search stays highlighted after the chat scrolls to it. */
const HIGHLIGHT_MS = 2400;
/** How many times a match on another branch is switched to before giving up (see below). */
const MAX_BRANCH_SWITCHES = 3;

interface MessageFocusState {
  /** A message to bring into view once its chat is shown (search results ask for it). */
  request: { readonly chatId: string; readonly messageId: string } | null;
  /** The message shown highlighted for a moment after the scroll. */
  highlighted: string | null;
  focus(chatId: string, messageId: string): void;
}

/** Ask before opening the chat: `useMessageFocus.getState().focus(chatId, messageId)`. */
export const useMessageFocus = create<MessageFocusState>()((set) => ({
  request: null,
  highlighted: null,
  focus: (chatId, messageId) => set({ request: { chatId, messageId } }),
}));

/**
 * In the message list: scrolls to the requested message (centred, leaving stick-to-bottom) and
 * returns its id while it should look highlighted. A message on another branch than the one shown
 * is first switched to with `showBranchOf` (a few tries per request: a message under a deleted one
 * stays off every path, BR4).
 */
export function useFocusedMessage(
  chatId: string,
  messages: readonly Message[],
  virtualizer: Virtualizer<HTMLElement, Element>,
  pinnedRef: RefObject<boolean>,
  showBranchOf?: (messageId: string) => void,
): string | null {
  const request = useMessageFocus((state) => state.request);
  const highlighted = useMessageFocus((state) => state.highlighted);
  // Switches tried for the current request: a re-read of the chat (it was just opened) can put the
  // old selection back once, so a few tries; a message under a deleted one never shows, so no more.
  const switched = useRef<{ request: unknown; tries: number }>({ request: null, tries: 0 });
  useEffect(() => {
    if (!request || request.chatId !== chatId) return;
    const index = messages.findIndex((message) => message.id === request.messageId);
    if (index < 0) {
      if (switched.current.request !== request) switched.current = { request, tries: 0 };
      if (showBranchOf && switched.current.tries < MAX_BRANCH_SWITCHES) {
        switched.current.tries += 1;
        showBranchOf(request.messageId);
      }
      return;
    }
    pinnedRef.current = false;
    virtualizer.scrollToIndex(index, { align: 'center' });
    useMessageFocus.setState({ request: null, highlighted: request.messageId });
  }, [request, chatId, messages, virtualizer, pinnedRef, showBranchOf]);
  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => useMessageFocus.setState({ highlighted: null }), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);
  return highlighted;
}
