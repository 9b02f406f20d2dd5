import type { Chat } from '@parley/core/entities';
import { updateMovedChat } from '@parley/core/sync-client';
import type { ChatServices } from './chat-services';
import { WriteQueue } from './write-queue';

/**
 * The chat session's saves: one after another per chat, timed (large chats are saved less often
 * mid-stream), and following a chat that sync moved to a new id (SC26).
 */
export class ChatWriter {
  private readonly writes = new WriteQueue();
  /** How long the last save of each chat took (ms). */
  private readonly saveCost = new Map<string, number>();
  /** Chats that sync moved to a new id while this session worked on them (SC26): old id -> new id. */
  private readonly moves = new Map<string, string>();

  constructor(
    private readonly services: Pick<ChatServices, 'store' | 'clock'>,
    /** A save found chat `from` moved to `to`. */
    private readonly onMoved: (from: string, to: string) => void,
  ) {}

  /** Saves through the per-chat queue, timing the write. */
  timedWrite(chatId: string, write: () => Promise<Chat>): Promise<Chat> {
    return this.writes.run(chatId, async () => {
      const started = this.services.clock.now();
      const chat = await write();
      this.saveCost.set(chatId, this.services.clock.now() - started);
      return chat;
    });
  }

  /**
   * Saves a change of chat `id` through the per-chat queue (keyed `queue`), to wherever the chat
   * lives now: sync may have moved it to a new id (SC26), and the write then follows it.
   */
  writeChat(queue: string, id: string, change: (chat: Chat) => Chat): Promise<Chat> {
    return this.timedWrite(queue, async () => {
      const written = await updateMovedChat(this.services.store, this.currentId(id), change);
      this.onMoved(id, written.id);
      return written;
    });
  }

  /** How long the last save of chat `chatId` took (ms; 0 before the first). */
  lastSaveMs(chatId: string): number {
    return this.saveCost.get(chatId) ?? 0;
  }

  /** Where chat `id` lives now, as far as this session knows. */
  currentId(id: string): string {
    let current = id;
    for (let hops = 0; hops <= this.moves.size; hops++) {
      const next = this.moves.get(current);
      if (next === undefined) break;
      current = next;
    }
    return current;
  }

  /** Records that chat `from` lives under `to` now; false when this move was known already. */
  recordMove(from: string, to: string): boolean {
    if (this.moves.get(from) === to) return false;
    this.moves.set(from, to);
    return true;
  }
}
