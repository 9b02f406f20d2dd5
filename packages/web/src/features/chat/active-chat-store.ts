import type { Chat } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { localPref } from '../../lib/local-pref';

export type ActiveChatState = {
  /** null: a new chat that has no record yet (it is saved with its first message). */
  activeChatId: string | null;
  chat: Chat | null;
  loading: boolean;
};

export type ActiveChatStore = StoreApi<ActiveChatState> & {
  open(chatId: string): Promise<void>;
  startNew(): void;
  /** Shows a chat as just written (the session's own writes; no re-read). */
  apply(chat: Chat): void;
  reload(): Promise<void>;
  dispose(): void;
};

/** The open chat is remembered so a reload comes back to it. */
export const activeChatPref = localPref<string | null>(
  'TM_activeChatID',
  (value) => (typeof value === 'string' && value !== '' ? value : undefined),
  null,
);

export function createActiveChatStore(store: StoragePort): ActiveChatStore {
  const api = createStore<ActiveChatState>()(() => ({ activeChatId: null, chat: null, loading: false }));
  let generation = 0;

  async function load(chatId: string): Promise<void> {
    const mine = ++generation;
    api.setState({
      activeChatId: chatId,
      loading: true,
      chat: api.getState().chat?.id === chatId ? api.getState().chat : null,
    });
    let chat: Chat | undefined;
    try {
      chat = await store.chats.get(chatId);
    } catch (error) {
      console.error(`reading chat ${chatId} failed`, error);
    }
    if (mine !== generation) return;
    if (!chat || chat.deletedAt !== null) {
      activeChatPref.write(null);
      api.setState({ activeChatId: null, chat: null, loading: false });
      return;
    }
    api.setState({ chat, loading: false });
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
    open(chatId: string) {
      activeChatPref.write(chatId);
      return load(chatId);
    },
    startNew() {
      generation++;
      activeChatPref.write(null);
      api.setState({ activeChatId: null, chat: null, loading: false });
    },
    apply(chat: Chat) {
      const { activeChatId } = api.getState();
      if (chat.id === activeChatId) api.setState({ chat });
    },
    async reload() {
      const { activeChatId } = api.getState();
      if (activeChatId) await load(activeChatId);
    },
    dispose: unsubscribe,
  });
}
