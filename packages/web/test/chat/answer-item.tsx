import { MessageSchema, type Message } from '@parley/core/entities';
import { vi } from 'vitest';
import { MessageItem } from '../../src/features/chat/MessageItem';
import type { ChatActions } from '../../src/features/chat/use-chat-actions';
import { renderWithChat } from './render-chat';

const noActions = new Proxy({}, { get: () => vi.fn() }) as ChatActions;

/** A stored assistant answer with `fields` over plain defaults. */
export function answer(fields: Partial<Message>, content = 'Part of an answer'): Message {
  return MessageSchema.parse({
    id: 'm-answer',
    role: 'assistant',
    content,
    model: 'gpt-4',
    createdAt: '2024-05-03T11:00:00.000Z',
    updatedAt: '2024-05-03T11:00:00.000Z',
    ...fields,
  });
}

/** Renders one answer as the message list would (the last one, nothing busy). */
export function renderAnswer(message: Message, live = false) {
  return renderWithChat(
    <MessageItem message={message} actions={noActions} busy={false} isLast live={live} />,
  );
}
