import { z } from 'zod/mini';
import { defineSetting, type Chat } from '../entities';
import { isStorageError, StorageError, type PutOptions, type StoragePort } from '../storage';

/** A record that now lives under another id (SC22, SC24). */
export interface RecordMove {
  readonly from: string;
  readonly to: string;
}

/** Enough for any write still on its way to an old id; older moves are forgotten. */
const REMEMBERED_MOVES = 50;

const ChatMovesSchema = z.array(z.object({ from: z.string(), to: z.string() }));

/**
 * The chats this device moved to a new id, newest last, in the store's settings area (local only,
 * never sent), so that every tab can find where a chat went (SC26).
 */
export const CHAT_MOVES_KEY = 'chatMoves';
const chatMovesSetting = defineSetting<RecordMove[]>(CHAT_MOVES_KEY, ChatMovesSchema, () => []);

export async function rememberChatMove(store: StoragePort, move: RecordMove): Promise<void> {
  const moves = await store.settings.get(chatMovesSetting);
  const kept = moves.filter((known) => known.from !== move.from);
  await store.settings.set(chatMovesSetting, [...kept, move].slice(-REMEMBERED_MOVES));
}

/** Where chat `id` lives now (following moves of moves); undefined when it never moved. */
export async function movedChatId(store: StoragePort, id: string): Promise<string | undefined> {
  const moves = new Map((await store.settings.get(chatMovesSetting)).map((move) => [move.from, move.to]));
  let current = id;
  for (let hops = 0; hops < REMEMBERED_MOVES; hops++) {
    const next = moves.get(current);
    if (next === undefined) break;
    current = next;
  }
  return current === id ? undefined : current;
}

/**
 * `store.chats.update` for a writer that may hold an old id (SC26: an answer streaming into a
 * chat that sync moves). A chat being moved is tombstoned, then purged: either way the write goes
 * to the chat's new id. A chat deleted without a move is written as before (its tombstone keeps
 * the answer for a restore). The chat returned says where the write went.
 */
export async function updateMovedChat(
  store: StoragePort,
  id: string,
  change: (chat: Chat) => Chat,
  options?: PutOptions,
): Promise<Chat> {
  try {
    return await store.chats.update(
      id,
      (chat) => {
        if (chat.deletedAt !== null) throw new StorageError('not_found', `chat ${id} is deleted`);
        return change(chat);
      },
      options,
    );
  } catch (error) {
    if (!isStorageError(error, 'not_found')) throw error;
    const to = await movedChatId(store, id);
    return store.chats.update(to ?? id, change, options);
  }
}
