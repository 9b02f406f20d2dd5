import type { Chat, Message } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { movedChatId } from '@parley/core/sync-client';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { localPref } from '../../lib/local-pref';

export type ActiveChatState = {
  /** null: a new chat that has no record yet (it is saved with its first message). */
  activeChatId: string | null;
  chat: Chat | null;
  loading: boolean;
  /** Set when the open chat was followed to a new id (SC26): the same chat, not a navigation. */
  movedFrom?: string;
};

export type ActiveChatStore = StoreApi<ActiveChatState> & {
  /**
   * Opens a chat. A deleted one (in Recently Deleted) is shown, read-only, only when asked for with
   * `deleted`; otherwise a chat found deleted is closed, as one deleted elsewhere while open.
   */
  open(chatId: string, options?: { deleted?: boolean }): Promise<void>;
  startNew(): void;
  /** Shows a chat as just written (the session's own writes; no re-read). */
  apply(chat: Chat): void;
  /** The chat `from`, if open, lives under `to` now (SC26: sync moved it): shows it there. */
  follow(from: string, to: string): Promise<void>;
  reload(): Promise<void>;
  dispose(): void;
};

/** The open chat is remembered so a reload comes back to it. */
export const activeChatPref = localPref<string | null>(
  'TM_activeChatID',
  (value) => (typeof value === 'string' && value !== '' ? value : undefined),
  null,
);

/**
 * The chat whose render crashed while it was open (decision 0068): the next start opens without it,
 * so a chat that crashes the app cannot do so again on every reload. It stays in the list.
 */
export const crashedChatPref = localPref<string | null>(
  'TM_crashedChatID',
  (value) => (typeof value === 'string' && value !== '' ? value : undefined),
  null,
);

/** A render of `chatId` (by default the remembered, open one) crashed. */
export function markChatCrashed(chatId: string | null = activeChatPref.read()): void {
  if (chatId !== null) crashedChatPref.write(chatId);
}

/** `chatId` has just been shown without a crash: a reload may reopen it again. */
export function clearChatCrash(chatId: string): void {
  if (crashedChatPref.read() === chatId) crashedChatPref.write(null);
}

/**
 * At start, before anything reads the remembered chat: one whose last render crashed is not
 * reopened (the app starts on a new chat); the mark is spent either way.
 */
export function forgetCrashedChat(): void {
  const crashed = crashedChatPref.read();
  if (crashed === null) return;
  if (activeChatPref.read() === crashed) activeChatPref.write(null);
  crashedChatPref.write(null);
}

/** A read of the remembered chat issued at start-up, before anything else asks the store (see below). */
let earlyRead: { store: StoragePort; chatId: string; chat: Promise<Chat | undefined> } | undefined;

/**
 * Start-up calls this as soon as the store is open, before the sidebar's big summary read: IndexedDB
 * answers one database's requests in order, so the reopened chat is read first and shows sooner.
 * The first open of that chat takes this read instead of reading again.
 */
export function readRememberedChatEarly(store: StoragePort): void {
  const chatId = activeChatPref.read();
  if (chatId === null) return;
  const chat = store.chats.get(chatId);
  chat.catch(() => undefined);
  earlyRead = { store, chatId, chat };
}

function takeEarlyRead(store: StoragePort, chatId: string): Promise<Chat | undefined> | undefined {
  if (earlyRead?.store !== store || earlyRead.chatId !== chatId) return undefined;
  const { chat } = earlyRead;
  earlyRead = undefined;
  return chat;
}

export function createActiveChatStore(
  store: StoragePort,
  /**
   * A remembered chat is about to be reopened (the runtime's start): the chat view starts as
   * loading, so the first screen does not draw the start screen (and report it shown) first.
   */
  reopening = false,
): ActiveChatStore {
  const api = createStore<ActiveChatState>()(() => ({ activeChatId: null, chat: null, loading: reopening }));
  let generation = 0;
  /** The deleted chat opened from Recently Deleted, shown read-only until another chat opens. */
  let deletedShown: string | null = null;

  async function load(chatId: string): Promise<void> {
    const mine = ++generation;
    api.setState({
      activeChatId: chatId,
      loading: true,
      chat: api.getState().chat?.id === chatId ? api.getState().chat : null,
    });
    let chat: Chat | undefined;
    let movedTo: string | undefined;
    try {
      chat = await (takeEarlyRead(store, chatId) ?? store.chats.get(chatId));
      // Gone or going: sync may have moved it to a new id (SC26), in this tab or another.
      if (!chat || chat.deletedAt !== null) movedTo = await movedChatId(store, chatId);
    } catch (error) {
      console.error(`reading chat ${chatId} failed`, error);
    }
    if (mine !== generation) return;
    if (movedTo) return follow(chatId, movedTo);
    if (chat && chat.deletedAt !== null && deletedShown === chatId) {
      // Not remembered: a reload comes back to a new chat, not to Recently Deleted.
      activeChatPref.write(null);
      api.setState({ chat, loading: false });
      return;
    }
    if (!chat || chat.deletedAt !== null) {
      activeChatPref.write(null);
      api.setState({ activeChatId: null, chat: null, loading: false });
      return;
    }
    api.setState({ chat, loading: false });
  }

  function follow(from: string, to: string): Promise<void> {
    const { activeChatId, chat } = api.getState();
    if (activeChatId !== from) return Promise.resolve();
    activeChatPref.write(to);
    // Shown under the new id at once, so nothing blinks while it is read again.
    api.setState({ activeChatId: to, movedFrom: from, chat: chat ? { ...chat, id: to, chatID: to } : null });
    return load(to);
  }

  // Other tabs (and sync) change chats too: re-read the open one when they do.
  const unsubscribe = store.onChange((change) => {
    const { activeChatId } = api.getState();
    if (
      change.area === 'chats' &&
      change.origin === 'remote' &&
      activeChatId &&
      change.ids.includes(activeChatId)
    ) {
      void load(activeChatId);
    }
  });

  return Object.assign(api, {
    open(chatId: string, options: { deleted?: boolean } = {}) {
      deletedShown = options.deleted ? chatId : null;
      activeChatPref.write(chatId);
      return load(chatId);
    },
    startNew() {
      generation++;
      deletedShown = null;
      activeChatPref.write(null);
      api.setState({ activeChatId: null, chat: null, loading: false });
    },
    apply(chat: Chat) {
      const { activeChatId, chat: shown } = api.getState();
      if (chat.id !== activeChatId) return;
      api.setState({ chat: shown?.id === chat.id ? keepUnchangedMessages(shown, chat) : chat });
    },
    follow,
    async reload() {
      const { activeChatId } = api.getState();
      if (activeChatId) await load(activeChatId);
    },
    dispose: unsubscribe,
  });
}

/**
 * A saved chat comes back from the store as new objects; messages that did not change keep the
 * objects already shown, so their (memoised) list items do not render again.
 */
export function keepUnchangedMessages(shown: Chat, next: Chat): Chat {
  // The same list (a version switch): nothing to compare.
  if (next.messages === shown.messages) return next;
  const previous = new Map(shown.messages.map((message) => [message.id, message]));
  let reused = 0;
  const messages = next.messages.map((message) => {
    const old = previous.get(message.id);
    if (old && old.updatedAt === message.updatedAt && sameMessage(old, message)) {
      reused++;
      return old;
    }
    return message;
  });
  if (reused === 0) return next;
  // Nothing changed in the list (a branch switch, a title): keep the very same array, so what is
  // derived from it (the message tree) is not built again.
  const same = reused === shown.messages.length && messages.every((m, i) => m === shown.messages[i]);
  return { ...next, messages: same ? shown.messages : messages };
}

function sameMessage(a: Message, b: Message): boolean {
  return (
    a.role === b.role &&
    a.pinned === b.pinned &&
    a.finish === b.finish &&
    a.reasoning === b.reasoning &&
    a.error?.code === b.error?.code &&
    (a.keywords ?? []).join('\u0000') === (b.keywords ?? []).join('\u0000') &&
    (a.content === b.content || JSON.stringify(a.content) === JSON.stringify(b.content)) &&
    a.usage?.total_tokens === b.usage?.total_tokens
  );
}
