import { browserLocalStorage, localPref, type PrefStorage } from '../../lib/local-pref';

/** localStorage key of the unsent composer texts (local-only, never synced). */
export const CHAT_DRAFTS_KEY = 'TM_chatDrafts';
/** The most recent drafts kept; an older one goes first (a draft is rarely that old and wanted). */
export const MAX_CHAT_DRAFTS = 50;

export type ChatDrafts = {
  /** The unsent text of a chat ('' key: the new chat not saved yet), or undefined. */
  get(chatId: string): string | undefined;
  /** An empty text forgets the draft. */
  set(chatId: string, text: string): void;
  delete(chatId: string): void;
};

function parseDrafts(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const drafts: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) if (typeof text === 'string') drafts[key] = text;
  return drafts;
}

/**
 * The composer's unsent text per chat, kept in localStorage so a reload (or a closed tab) loses
 * nothing typed: restored when the chat is opened, forgotten once sent. Read once, then written
 * through on each change (a few kilobytes).
 */
export function createChatDrafts(storage: () => PrefStorage | undefined = browserLocalStorage): ChatDrafts {
  const pref = localPref<Record<string, string>>(CHAT_DRAFTS_KEY, parseDrafts, {}, storage);
  let drafts: Map<string, string> | null = null;
  const current = () => (drafts ??= new Map(Object.entries(pref.read())));
  const save = () => pref.write(Object.fromEntries(current()));
  return {
    get: (chatId) => current().get(chatId),
    set(chatId, text) {
      const all = current();
      if (text === '') {
        if (all.delete(chatId)) save();
        return;
      }
      // The latest draft goes last, so the oldest is first to drop.
      all.delete(chatId);
      all.set(chatId, text);
      while (all.size > MAX_CHAT_DRAFTS) all.delete(all.keys().next().value as string);
      save();
    },
    delete(chatId) {
      if (current().delete(chatId)) save();
    },
  };
}
