import type { Message } from '@parley/core/entities';
import { MESSAGE_SCHEMA_VERSION, messageText } from '@parley/core/entities';
import { useStore } from 'zustand';
import { MessageBoundary } from '../errors';
import { useChatRuntime } from './chat-runtime';
import { MessageItem } from './MessageItem';
import type { MessageVersions } from './VersionSwitcher';
import type { StreamingAnswer } from './streaming-store';
import type { ChatActions } from './use-chat-actions';

export type MessageRowProps = {
  chatId: string;
  /** The stored message; undefined for the row of an answer that is still streaming. */
  message: Message | undefined;
  /** The id of the row (the streaming answer's id for the live row). */
  rowId: string;
  actions: ChatActions;
  busy: boolean;
  isLast: boolean;
} & MessageVersions;

/**
 * One row of the message list. The answer being streamed and the same answer once saved are the
 * same row (same key, same components): its rendered markdown carries over instead of being parsed
 * again when the stream ends. Only the live row subscribes to the streaming text. A row that cannot
 * be rendered says so and offers its raw text; the other rows are not affected (decision 0068).
 */
export function MessageRow({ chatId, message, rowId, actions, busy, isLast, ...versions }: MessageRowProps) {
  const live = useStore(useChatRuntime().streaming, (state) => {
    const answer = state.answers[chatId];
    return answer && answer.messageId === rowId ? answer : undefined;
  });
  if (live) {
    const shown = liveMessage(live);
    return (
      <MessageBoundary text={live.text}>
        <MessageItem message={shown} actions={actions} busy isLast={false} live />
      </MessageBoundary>
    );
  }
  if (!message) return null;
  return (
    <MessageBoundary text={messageText(message)}>
      <MessageItem message={message} actions={actions} busy={busy} isLast={isLast} {...versions} />
    </MessageBoundary>
  );
}

/** The message a streaming answer shows as, so far. */
export function liveMessage(answer: StreamingAnswer): Message {
  return {
    schemaVersion: MESSAGE_SCHEMA_VERSION,
    id: answer.messageId,
    role: 'assistant',
    content: answer.text,
    model: answer.modelId,
    ...(answer.reasoning ? { reasoning: answer.reasoning } : {}),
    createdAt: '',
    updatedAt: '',
  };
}
