import { type Chat, DEFAULT_CHAT_TITLE, type Message, messageText } from '../entities';
import { type ModelDescriptor, titleModelFor } from '../models';
import type { ChatRequest } from '../providers';
import type { ProviderAccessInput } from './chat-request-builder';
import { isDeletedMessage } from './chat-edits';

/** Automatic chat titles (TT1–TT3). */

export const TITLE_MAX_LENGTH = 60;
/** How much of each message the title model sees: the gist is at the start. */
const EXCERPT_CHARS = 1200;

const TITLE_INSTRUCTION =
  'You write short titles for conversations. Reply with a title of at most six words that says what ' +
  'the conversation is about, in the language of the conversation. Reply with the title only: no ' +
  'quotes, no prefix, no full stop.';

/** TT5: a chat's own text names it until the title call has worked: its first question. */
export function provisionalTitle(chat: Pick<Chat, 'messages'>): string {
  const question = chat.messages.find((message) => message.role === 'user' && !isDeletedMessage(message));
  const line = question
    ? messageText(question)
        .split(/\r?\n/)
        .map((text) => text.replace(/\s+/g, ' ').trim())
        .find((text) => text !== '')
    : undefined;
  return line ? cutAtWord(line) : '';
}

/** The title still says nothing the user or the title model chose: the default or TT5's. */
export function hasPlaceholderTitle(chat: Pick<Chat, 'chatTitle' | 'messages'>): boolean {
  if (chat.chatTitle === DEFAULT_CHAT_TITLE) return true;
  const provisional = provisionalTitle(chat);
  return provisional !== '' && chat.chatTitle === provisional;
}

/**
 * TT5: a chat with the default title is named after its first question as soon as it has one
 * (when automatic titles are on), so a chat whose answer failed, was stopped or was cut by a reload
 * is never "Untitled Chat" for good. TT1 replaces it.
 */
export function withProvisionalTitle(chat: Chat, automaticTitle: boolean): Chat {
  if (!automaticTitle || chat.chatTitle !== DEFAULT_CHAT_TITLE) return chat;
  const title = provisionalTitle(chat);
  return title ? { ...chat, chatTitle: title } : chat;
}

/** An answer the model wrote: an agent's welcome message is shown, never sent, so it is not one (SC7). */
function isAnswered(message: Message): boolean {
  return (
    message.role === 'assistant' &&
    message.type !== 'character-welcome-message' &&
    !message.error &&
    !isDeletedMessage(message)
  );
}

/**
 * TT1: after an answer that did not fail, while the title is still the default or TT5's: a title
 * call that failed or could not run (the answer failed, was stopped or cut by a reload) is tried
 * again after the next answer.
 */
export function wantsAutomaticTitle(
  chat: Pick<Chat, 'chatTitle' | 'messages'>,
  automaticTitle: boolean,
): boolean {
  if (!automaticTitle || !hasPlaceholderTitle(chat)) return false;
  return chat.messages.some(isAnswered);
}

function excerpt(text: string): string {
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** TT1: the request to the fast, cheap model of the chat model's provider. */
export function buildTitleRequest(
  chat: Pick<Chat, 'messages'>,
  model: ModelDescriptor,
  access: ProviderAccessInput,
  customModels: readonly ModelDescriptor[] = [],
): { request: ChatRequest; model: ModelDescriptor } | undefined {
  const question = chat.messages.find((message) => message.role === 'user' && !isDeletedMessage(message));
  const answer = chat.messages.find(isAnswered);
  if (!question || !answer) return undefined;
  const titleModel = titleModelFor(model, customModels);
  const conversation = `User: ${excerpt(messageText(question))}\n\nAssistant: ${excerpt(messageText(answer))}`;
  return {
    model: titleModel,
    request: {
      model: titleModel,
      messages: [
        { role: 'system', content: TITLE_INSTRUCTION },
        { role: 'user', content: `Conversation:\n\n${conversation}\n\nTitle:` },
      ],
      settings: { stream: false, temperature: 0.3, maxTokens: 30 },
      apiKey: access.apiKey,
      endpoint: access.endpoint,
      ...(access.relay && { relay: access.relay }),
    },
  };
}

/** TT2: one clean line of at most 60 characters, or '' when nothing usable came back. */
export function cleanTitle(raw: string): string {
  const line = raw
    .split(/\r?\n/)
    .map((text) => text.trim())
    .find((text) => text !== '');
  if (!line) return '';
  const title = line
    .replace(/^#+\s*/, '')
    .replace(/^(chat\s+)?title\s*:\s*/i, '')
    .replace(/[*_`]+/g, '')
    .trim()
    .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')
    .trim()
    .replace(/[.。]+$/, '')
    .trim();
  return cutAtWord(title);
}

/** At most TITLE_MAX_LENGTH characters, cut at a word when one ends past the middle. */
function cutAtWord(title: string): string {
  if (title.length <= TITLE_MAX_LENGTH) return title;
  const cut = title.slice(0, TITLE_MAX_LENGTH);
  const space = cut.lastIndexOf(' ');
  return (space > TITLE_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trim();
}
