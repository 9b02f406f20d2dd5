import type { ContextFailure, EndpointOff } from '@parley/core/chat';
import type { ProviderId as ModelProviderId } from '@parley/core/models';
import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * Why a message could not be sent, shown above the composer until the next send or chat switch. The
 * text the user typed stays in the composer.
 */
export type ChatNotice =
  | { kind: 'missing-key'; provider: ModelProviderId }
  /** A custom model's secret rows (Authorization...) have no value on this device (decision 0016). */
  | { kind: 'missing-secret'; model: string; rows: string[] }
  | { kind: 'cannot-fit' }
  | { kind: 'storage'; message: string }
  /** An agent's dynamic context endpoints that failed; the answer was asked for without them (DC6). */
  | { kind: 'context-failed'; failures: ContextFailure[] }
  /** An agent's endpoints this device has not approved: not called (DC7). */
  | { kind: 'context-off'; endpoints: EndpointOff[] };

export type ChatNoticeState = { notice: ChatNotice | null };
export type ChatNoticeStore = StoreApi<ChatNoticeState>;

export function createChatNoticeStore(): ChatNoticeStore {
  return createStore<ChatNoticeState>()(() => ({ notice: null }));
}

/** A provider failure the chat cannot show on an answer (a failed continuation), for the toast (CE5). */
export type AnswerFailure = {
  chatId: string;
  code: string;
  providerMessage: string;
  provider: ModelProviderId;
};
