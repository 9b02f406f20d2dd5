import type { Message } from '@parley/core/entities';
import { MESSAGE_SCHEMA_VERSION } from '@parley/core/entities';
import { useStore } from 'zustand';
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
 * again when the stream ends. Only the live row subscribes to the streaming text.
 */
export function MessageRow({ chatId, message, rowId, actions, busy, isLast, ...versions }: MessageRowProps) {
  const live = useStore(useChatRuntime().streaming, (state) => {
    const answer = state.answers[chatId];
    return answer && answer.messageId === rowId ? answer : undefined;
  });
  if (live) return <MessageItem message={liveMessage(live)} actions={actions} busy isLast={false} live />;
  if (!message) return null;
  return <MessageItem message={message} actions={actions} busy={busy} isLast={isLast} {...versions} />;
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
