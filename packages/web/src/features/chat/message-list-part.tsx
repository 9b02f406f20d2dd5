import { useEffect, type ComponentProps } from 'react';
import { firstScreenPartShown, lazyPart } from '../../state';
import { preloadMarkdown } from '../markdown';
import { activeChatPref, clearChatCrash } from './active-chat-store';

/**
 * The message list (and its virtualiser) is its own chunk: the start screen does not need it. Once
 * it has rendered a chat, that chat no longer counts as crashed (decision 0068) and the chat part of
 * the first screen is shown (decision 0079).
 */
export const MessageListPart = lazyPart(() => import('./MessageList'), {
  pick: ({ MessageList }) =>
    function ShownMessageList(props: ComponentProps<typeof MessageList>) {
      return (
        <>
          <MessageList {...props} />
          <ShownWithoutCrash chatId={props.chatId} />
        </>
      );
    },
  strings: 'conversation',
  fallback: <div className="min-h-0 flex-1" />,
});

function ShownWithoutCrash({ chatId }: { chatId: string }) {
  useEffect(() => {
    clearChatCrash(chatId);
    firstScreenPartShown('chat');
  }, [chatId]);
  return null;
}

/**
 * Called before the store has even opened: when the app will reopen a remembered chat, fetch the
 * message list and the markdown renderer at the same time, instead of one after the other once the
 * chat has been read.
 */
export function preloadRememberedChatView(): void {
  if (activeChatPref.read() === null) return;
  void MessageListPart.preload().catch(() => undefined);
  preloadMarkdown();
}
