import type { Chat } from '@parley/core/entities';
import { messageText } from '@parley/core/entities';
import type { FinishedAnswers } from '../speech';
import type { ChatRuntime } from './chat-runtime';

type Finished = { text: string; autoRead: boolean | null };

function finishedAnswer(chat: Chat | null, chatId: string, messageId: string): Finished | undefined {
  if (chat?.id !== chatId) return undefined;
  const message = chat.messages.find((candidate) => candidate.id === messageId);
  return message?.role === 'assistant' ? { text: messageText(message), autoRead: chat.autoRead } : undefined;
}

/**
 * Each answer of the open chat once it is complete, with the chat's own "read answers aloud"
 * choice: an answer that leaves the streaming store is looked up in the open chat, where it may
 * land a moment later.
 */
export function finishedAnswersOf(runtime: Pick<ChatRuntime, 'streaming' | 'active'>): FinishedAnswers {
  return (listener) => {
    let previous = runtime.streaming.getState().answers;
    const waiting = new Set<() => void>();
    const unsubscribe = runtime.streaming.subscribe((state) => {
      const ended = Object.values(previous).filter((answer) => !(answer.chatId in state.answers));
      previous = state.answers;
      for (const { chatId, messageId } of ended) {
        const now = finishedAnswer(runtime.active.getState().chat, chatId, messageId);
        if (now !== undefined) {
          listener(messageId, now.text, now.autoRead);
          continue;
        }
        const stop = runtime.active.subscribe((active) => {
          const found = finishedAnswer(active.chat, chatId, messageId);
          if (found === undefined) return;
          done();
          listener(messageId, found.text, found.autoRead);
        });
        const timer = window.setTimeout(() => done(), 5000);
        const done = () => {
          stop();
          window.clearTimeout(timer);
          waiting.delete(done);
        };
        waiting.add(done);
      }
    });
    return () => {
      unsubscribe();
      for (const done of [...waiting]) done();
    };
  };
}
