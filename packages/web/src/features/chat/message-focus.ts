import type { Message } from '@parley/core/entities';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, type RefObject } from 'react';
import { create } from 'zustand';

/** How long a message found by search stays highlighted after the chat scrolls to it. */
const HIGHLIGHT_MS = 2400;

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
 * returns its id while it should look highlighted.
 */
export function useFocusedMessage(
  chatId: string,
  messages: readonly Message[],
  virtualizer: Virtualizer<HTMLElement, Element>,
  pinnedRef: RefObject<boolean>,
): string | null {
  const request = useMessageFocus((state) => state.request);
  const highlighted = useMessageFocus((state) => state.highlighted);
  useEffect(() => {
    if (!request || request.chatId !== chatId) return;
    const index = messages.findIndex((message) => message.id === request.messageId);
    if (index < 0) return;
    pinnedRef.current = false;
    virtualizer.scrollToIndex(index, { align: 'center' });
    useMessageFocus.setState({ request: null, highlighted: request.messageId });
  }, [request, chatId, messages, virtualizer, pinnedRef]);
  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => useMessageFocus.setState({ highlighted: null }), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);
  return highlighted;
}
