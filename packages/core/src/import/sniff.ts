import type { ImportFormat } from './types';
import { arr, isObj, num, str } from './values';

/** The one file of TypingMind's export zip that holds its data (chats at `data.chats`). */
export const TYPINGMIND_DATA_FILE = 'data.json';

export const PARLEY_EXPORT_FORMAT = 'parley-export';

/** Looks at several elements: some formats have entries without the telling field (IM1). */
function someElement(list: unknown[], test: (element: Record<string, unknown>) => boolean): boolean {
  return list.slice(0, 50).some((element) => isObj(element) && test(element));
}

/**
 * IM1: the format of one decoded JSON file, by its shape only (in the documented order); null when
 * no importer knows it. An empty array sniffs as ChatGPT: "nothing to import", not an error.
 */
export function sniffJson(json: unknown): ImportFormat | null {
  if (Array.isArray(json)) {
    if (json.length === 0) return 'chatgpt';
    if (someElement(json, (e) => isObj(e.mapping))) return 'chatgpt';
    if (someElement(json, (e) => Array.isArray(e.chat_messages))) return 'claude';
    const isOpenWebUI = (e: Record<string, unknown>) =>
      (isObj(e.chat) && (isObj(e.chat.history) || Array.isArray(e.chat.messages))) ||
      (isObj(e.history) && isObj(e.history.messages));
    if (someElement(json, isOpenWebUI)) return 'openwebui';
    if (someElement(json, (e) => typeof e.id === 'string' && Array.isArray(e.messages) && isObj(e.config)))
      return 'betterchatgpt';
    if (
      someElement(
        json,
        (e) => typeof e.id === 'number' && typeof e.name === 'string' && Array.isArray(e.messages),
      )
    )
      return 'chatbot-ui';
    return null;
  }
  if (!isObj(json)) return null;
  if (json.format === PARLEY_EXPORT_FORMAT) return 'parley';
  // The sidebar's "Export" of one chat or a selection: `{ exportedAt, chats }` of stored chats.
  if (
    typeof json.exportedAt === 'string' &&
    Array.isArray(json.chats) &&
    someElement(json.chats, (e) => typeof e.chatID === 'string')
  )
    return 'parley';
  const data = json.data;
  if (isObj(data) && (Array.isArray(data.chats) || (isObj(data.chats) && Array.isArray(data.chats.chunks))))
    return 'typingmind';
  if (isObj(data) && Array.isArray(data.chats) === false && isObj(data) && 'userPrompts' in data)
    return 'typingmind';
  if (isObj(json['chat-next-web-store'])) return 'nextchat';
  const version = num(json.version);
  if ((version === 3 || version === 4) && Array.isArray(json.history)) return 'chatbot-ui';
  if (version === undefined && Array.isArray(json.history) && Array.isArray(json.folders))
    return 'chatbot-ui';
  if (version === 1 && isObj(json.folders)) return 'betterchatgpt';
  if (str(json.conversationId) && (Array.isArray(json.messages) || Array.isArray(json.messagesTree)))
    return 'librechat';
  const messages = arr(json.messages);
  if (messages && messages.length > 0 && isObj(messages[0]) && messages[0].role === 'system')
    return 'nextchat';
  return null;
}

const CHATGPT_PART = /^conversations(-\d+)?\.json$/;
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** IM2: the format of a zip, by the names it holds (ChatGPT and Claude both have conversations.json). */
export function sniffZipNames(names: readonly string[]): ImportFormat | null {
  const bases = new Set(names.map(baseName));
  if (bases.has('parley-export.json')) return 'parley';
  const hasConversations = names.some((n) => CHATGPT_PART.test(baseName(n)));
  if (hasConversations && ['chat.html', 'user.json', 'message_feedback.json'].some((n) => bases.has(n)))
    return 'chatgpt';
  if (
    hasConversations &&
    (['users.json', 'memories.json', 'projects.json'].some((n) => bases.has(n)) ||
      names.some((n) => n.includes('projects/')))
  )
    return 'claude';
  if (bases.has(TYPINGMIND_DATA_FILE)) return 'typingmind';
  return null;
}
