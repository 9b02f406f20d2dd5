import { dequal } from 'dequal/lite';
import { isParsedMessage, isRawRecord } from '../entities';
import type { Chat, Message } from '../entities';

/** How many chats' messages are remembered: the open one and a few just saved or read. */
const REMEMBERED_CHATS = 4;

/**
 * A chat is one record: every save reads it back and validates it whole inside its transaction, so
 * another tab's or sync's write is never lost. For a 5,000-message chat that validation took over
 * 100 ms on the main thread after every save. A stored message that is deep-equal to one this store
 * parsed or wrote moments ago is that message again (the parse is idempotent on its own output), so
 * it is handed over as the parsed object and skipped by the parse. Anything that differs, however
 * slightly, is parsed as before.
 */
export class ParsedMessages {
  private readonly chats = new Map<string, Map<string, Message>>();

  /** Remembers the messages of a chat just decoded or about to be written. */
  remember(chat: Chat): void {
    const byId = new Map<string, Message>();
    for (const message of chat.messages) if (isParsedMessage(message)) byId.set(message.id, message);
    this.chats.delete(chat.id);
    this.chats.set(chat.id, byId);
    for (const [oldest] of this.chats) {
      if (this.chats.size <= REMEMBERED_CHATS) break;
      this.chats.delete(oldest);
    }
  }

  forget(chatId: string): void {
    this.chats.delete(chatId);
  }

  /** `raw` with each stored message that equals a remembered one replaced by it (`raw` is not changed). */
  reuse(chatId: string, raw: unknown): unknown {
    const known = this.chats.get(chatId);
    if (!known || !isRawRecord(raw) || !Array.isArray(raw.messages)) return raw;
    let reused = 0;
    const messages = raw.messages.map((stored: unknown) => {
      // Already counted as parsed (a trusted row, storage SPEC MR9): nothing to compare.
      if (isParsedMessage(stored) || !isRawRecord(stored) || typeof stored.id !== 'string') return stored;
      const same = known.get(stored.id);
      if (same === undefined || !dequal(stored, same)) return stored;
      reused += 1;
      return same;
    });
    return reused === 0 ? raw : { ...raw, messages };
  }
}
