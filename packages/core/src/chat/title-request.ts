import type { Chat } from '../entities/chat';
import { DEFAULT_CHAT_TITLE } from '../entities/defaults';
import { messageText } from '../entities/message';
import { titleModelFor } from '../models/catalogue';
import type { ModelDescriptor } from '../models/model-descriptor';
import type { ChatRequest } from '../providers/chat-request';
import type { ProviderAccessInput } from './chat-request-builder';

/** Automatic chat titles (TT1–TT3). */

export const TITLE_MAX_LENGTH = 60;
/** How much of each message the title model sees: the gist is at the start. */
const EXCERPT_CHARS = 1200;

const TITLE_INSTRUCTION =
  'You write short titles for conversations. Reply with a title of at most six words that says what ' +
  'the conversation is about, in the language of the conversation. Reply with the title only: no ' +
  'quotes, no prefix, no full stop.';

/** TT1: after the first answer, while the chat still has the default title. */
export function wantsAutomaticTitle(
  chat: Pick<Chat, 'chatTitle' | 'messages'>,
  automaticTitle: boolean,
): boolean {
  if (!automaticTitle || chat.chatTitle !== DEFAULT_CHAT_TITLE) return false;
  const answers = chat.messages.filter((message) => message.role === 'assistant' && !message.error);
  return answers.length === 1;
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
  const question = chat.messages.find((message) => message.role === 'user');
  const answer = chat.messages.find((message) => message.role === 'assistant' && !message.error);
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
  let title = line
    .replace(/^#+\s*/, '')
    .replace(/^(chat\s+)?title\s*:\s*/i, '')
    .replace(/[*_`]+/g, '')
    .trim()
    .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')
    .trim()
    .replace(/[.。]+$/, '')
    .trim();
  if (title.length > TITLE_MAX_LENGTH) {
    const cut = title.slice(0, TITLE_MAX_LENGTH);
    const space = cut.lastIndexOf(' ');
    title = (space > TITLE_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trim();
  }
  return title;
}
