import { readChatGPTConversation } from './chatgpt';
import { readClaudeConversation } from './claude';
import { openWebUILabel, readOpenWebUIChat } from './openwebui';
import type { ReadContext } from './read-context';
import { chatLabel, readBetterChatGPTChat, readChatbotUIChat } from './small-apps';
import type { DraftChat, ImportFormat } from './types';
import { isObj, str } from './values';

/** The formats whose file is (or, in a zip, whose conversations files are) a bare array of chats. */
export const arrayFormats = ['chatgpt', 'claude', 'openwebui', 'betterchatgpt', 'chatbot-ui'] as const;
export type ArrayFormat = (typeof arrayFormats)[number];

export const isArrayFormat = (format: ImportFormat): format is ArrayFormat =>
  (arrayFormats as readonly string[]).includes(format);

export const conversationLabel = (item: unknown, index: number) =>
  `conversation ${index + 1}${isObj(item) && (str(item.title) ?? str(item.name)) ? ` (${str(item.title) ?? str(item.name)})` : ''}`;

interface ElementReader {
  readonly label: (item: unknown, index: number) => string;
  readonly read: (item: unknown, index: number, ctx: ReadContext) => DraftChat | null;
}

/**
 * One element of an array file to a draft chat: the whole-file reader and the streaming one
 * (decision 0077) both go through here, so an element reads the same either way.
 */
const elementReaders = {
  chatgpt: {
    label: conversationLabel,
    read: (item, index, ctx) => {
      if (!isObj(item)) throw new Error('not an object');
      return readChatGPTConversation(item, index, ctx.problems, ctx.onLoss);
    },
  },
  claude: {
    label: conversationLabel,
    read: (item, index, ctx) => {
      if (!isObj(item) || !Array.isArray(item.chat_messages)) throw new Error('chat_messages is not a list');
      return readClaudeConversation(item, index, ctx.onLoss);
    },
  },
  openwebui: { label: openWebUILabel, read: readOpenWebUIChat },
  betterchatgpt: { label: chatLabel, read: (item, index) => readBetterChatGPTChat(item, index) },
  'chatbot-ui': { label: chatLabel, read: readChatbotUIChat },
} satisfies Record<ArrayFormat, ElementReader>;

/** IM8: one element of an array file; a bad one is a problem naming it, and null. */
export function readArrayElement(
  format: ArrayFormat,
  item: unknown,
  index: number,
  ctx: ReadContext,
): DraftChat | null {
  const reader: ElementReader = elementReaders[format];
  try {
    return reader.read(item, index, ctx);
  } catch (error) {
    ctx.problems.push({
      item: reader.label(item, index),
      reason: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
