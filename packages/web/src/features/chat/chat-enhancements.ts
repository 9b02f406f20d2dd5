import {
  answerUsageRecord,
  buildKeywordsRequest,
  buildTitleRequest,
  cleanTitle,
  parseKeywords,
  toMessageUsage,
  wantsAutomaticTitle,
  wantsKeywords,
  type ProviderAccessInput,
} from '@parley/core/chat';
import type { Chat, Message, SyncedSettings } from '@parley/core/entities';
import { messageText } from '@parley/core/entities';
import type { ModelDescriptor } from '@parley/core/models';
import { collectChat, streamChat, type ChatRequest, type TokenUsage } from '@parley/core/providers';
import type { StoragePort } from '@parley/core/storage';
import { RESPONSE_TIMEOUT_MS } from './answer-stream';

/**
 * After an answer: the automatic title (TT1–TT3) and keyword suggestions (TT4), both from the fast,
 * cheap model of the chat's provider. They are extras: a failure is logged, never shown as an error.
 */
export type EnhancementInput = {
  store: StoragePort;
  fetch: typeof fetch;
  chat: Chat;
  answer: Message;
  model: ModelDescriptor;
  access: ProviderAccessInput;
  settings: Pick<SyncedSettings, 'automaticTitle' | 'suggestKeywords' | 'customModels'>;
  onChat: (chat: Chat) => void;
};

async function ask(request: ChatRequest, fetchImpl: typeof fetch) {
  const result = await collectChat(streamChat(request, { fetch: fetchImpl, timeoutMs: RESPONSE_TIMEOUT_MS }));
  if (result.error) throw result.error;
  return result;
}

function withAnswerChange(chat: Chat, answerId: string, change: (message: Message) => Message): Chat {
  return {
    ...chat,
    messages: chat.messages.map((message) => (message.id === answerId ? change(message) : message)),
  };
}

export async function runEnhancements(input: EnhancementInput): Promise<void> {
  const { chat, answer, model, settings } = input;
  const calls: { model: ModelDescriptor; usage: TokenUsage }[] = [];
  let title: string | undefined;
  let titleUsage: TokenUsage | undefined;
  let keywords: string[] | undefined;

  const titleCall = wantsAutomaticTitle(chat, settings.automaticTitle)
    ? buildTitleRequest(chat, model, input.access, settings.customModels)
    : undefined;
  const keywordsCall = wantsKeywords(messageText(answer), settings.suggestKeywords)
    ? buildKeywordsRequest(messageText(answer), model, input.access, settings.customModels)
    : undefined;
  if (!titleCall && !keywordsCall) return;

  await Promise.all([
    titleCall &&
      ask(titleCall.request, input.fetch).then(
        (result) => {
          title = cleanTitle(result.text) || undefined;
          if (result.usage) {
            titleUsage = result.usage;
            calls.push({ model: titleCall.model, usage: result.usage });
          }
        },
        (error: unknown) => console.warn('automatic title failed', error),
      ),
    keywordsCall &&
      ask(keywordsCall.request, input.fetch).then(
        (result) => {
          keywords = parseKeywords(result.text);
          if (result.usage) calls.push({ model: keywordsCall.model, usage: result.usage });
        },
        (error: unknown) => console.warn('keyword suggestions failed', error),
      ),
  ]);

  if (title === undefined && titleUsage === undefined && !keywords?.length) return;
  const stored = await input.store.chats.update(chat.id, (current) => {
    let next = withAnswerChange(current, answer.id, (message) => ({
      ...message,
      ...(titleUsage ? { titleUsage: toMessageUsage(titleUsage) } : {}),
      ...(keywords?.length ? { keywords } : {}),
    }));
    // The user may have renamed the chat meanwhile: only replace the default title.
    if (title && current.chatTitle === chat.chatTitle) next = { ...next, chatTitle: title };
    return next;
  });
  input.onChat(stored);
  if (calls.length > 0) {
    await input.store.usage.append(
      answerUsageRecord({
        chatID: chat.id,
        model,
        answer: null,
        enhancements: calls,
        customModels: settings.customModels,
      }),
    );
  }
}
