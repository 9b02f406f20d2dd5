import { create } from 'zustand';

/**
 * Asks for the Share dialog of a chat: the chat's Share button and shortcut S set it, the host
 * mounted beside the other dialogs opens the (lazy) dialog.
 */
export const useShareRequest = create<{ chatId: string | null }>(() => ({ chatId: null }));

export function requestShare(chatId: string): void {
  useShareRequest.setState({ chatId });
}

export function closeShare(): void {
  useShareRequest.setState({ chatId: null });
}
