import { chatEntity, isParsedMessage, isRawRecord, safeParseChatSummary, summarizeChat } from '../entities';
import type { Chat, ChatSummary, Message } from '../entities';
import { applySummaryQuery } from './chat-summary-query';
import type { EngineReader, EngineTransaction, StoredRow } from './record-engine';
import {
  assembleChat,
  chatHead,
  chatIdOfMessageKey,
  isChatHead,
  messageKey,
  messageKeyPrefix,
  MESSAGES_PER_ROW,
  messageRow,
  positionOfKey,
  rowsFor,
} from './chat-rows';
import { touchRecord } from './record-repository';
import { StorageError } from './storage-error';
import { SummaryCache } from './summary-cache';
import { currentSummaryOrUndefined } from './summary-fast-path';
import type { ChatRepository, ChatSummaryQuery, ListOptions, PutOptions } from './storage-port';
import type { StoreContext } from './store-context';
import { newestFirst } from './store-context';
import { MessageIds } from './message-ids';
import { ParsedMessages } from './parsed-messages';
import type { StorageTable } from './storage-tables';

const chatParser = chatEntity;

const CHAT_TABLES: readonly StorageTable[] = ['chats', 'chatSummaries', 'messages'];
const READ_TABLES: readonly StorageTable[] = ['chats', 'messages'];
/** How many chats' message rows are remembered: the open one and a few just saved or read. */
const REMEMBERED_CHATS = 4;

/**
 * What this store knows of a chat's message rows as stored, under one revision: the messages as it
 * last read or wrote them, whether the rows are exactly `messages` in full chunks from chunk 0 (what
 * this store writes; a write can then put only the chunks that changed), and every row key.
 */
interface KnownRows {
  readonly revision: string;
  readonly messages: readonly Message[];
  readonly exact: boolean;
  readonly allKeys: readonly string[];
  /** The messages' ids (a superset), for a save's check that its new messages' ids are new. */
  readonly ids: MessageIds;
}

interface LoadedChat {
  readonly chat: Chat;
  /** Undefined: a whole-chat row of the earlier layout, or rows this store has not seen. */
  readonly known: KnownRows | undefined;
}

/** How many new messages at the end of a chat are parsed on their own (see prepareAfter). */
const FAST_TAIL = 20;

/** A message the app made whole: its id, its place in the tree and its time are set. */
const isWholeNewMessage = (message: unknown): boolean =>
  isRawRecord(message) &&
  typeof message.id === 'string' &&
  message.id !== '' &&
  message.parentId !== undefined &&
  typeof message.createdAt === 'string';

/** Whether both lists hold the same message ids at each of their first `count` places. */
function sameIdsUpTo(a: readonly Message[], b: readonly Message[], count: number): boolean {
  // The same object is the same message: an id is read only where the app made a new object (in a
  // 10,000-message chat, reading every id cost more than the rest of a save's own work).
  for (let index = 0; index < count; index++)
    if (a[index] !== b[index] && a[index]!.id !== b[index]!.id) return false;
  return true;
}

/**
 * What a read of `rows` tells of them: they are exact when chunk i holds messages i*N.. of the
 * parsed chat (every chunk full but the last, the parse kept one message per stored one, in order).
 */
function knownFromRows(
  chatId: string,
  revision: string,
  messages: readonly Message[],
  rows: readonly StoredRow[],
): KnownRows {
  const prefix = messageKeyPrefix(chatId);
  const own = rows.filter((row) => row.id.startsWith(prefix));
  let at = 0;
  const exact =
    own.length === rowsFor(messages.length) &&
    own.every((row, chunk) => {
      const stored = (row.value as { messages?: unknown } | null)?.messages;
      if (positionOfKey(row.id, prefix) !== chunk || !Array.isArray(stored)) return false;
      if (chunk < own.length - 1 && stored.length !== MESSAGES_PER_ROW) return false;
      return stored.every((message: { id?: unknown } | null) => message?.id === messages[at++]?.id);
    }) &&
    at === messages.length;
  return { revision, messages, exact, allKeys: own.map((row) => row.id), ids: new MessageIds(messages) };
}

/**
 * Chats are a head row plus rows of 64 messages (chat-rows.ts, storage SPEC MR); every write puts the
 * head, the summary and the messages that changed in one transaction, and touches no other chat.
 */
export function createChatRepository(ctx: StoreContext): ChatRepository {
  const recent = new ParsedMessages();
  const rowsOf = new Map<string, KnownRows>();
  const rememberRows = (chatId: string, known: KnownRows | undefined) => {
    rowsOf.delete(chatId);
    if (!known) return;
    rowsOf.set(chatId, known);
    for (const [oldest] of rowsOf) {
      if (rowsOf.size <= REMEMBERED_CHATS) break;
      rowsOf.delete(oldest);
    }
  };
  const prepare = (chat: Chat, touch: boolean): Chat => {
    const parsed = ctx.encode('chats', chat, chatParser);
    return touch ? touchRecord(parsed, ctx.now()) : parsed;
  };
  /**
   * `prepare` for a chat that keeps `base` (messages this store parsed or wrote) in place and adds
   * a few whole messages after them, as a send or an answer does: only the head and the new
   * messages are parsed, not 10,000 messages already parsed. Anything else is parsed whole.
   */
  const prepareAfter = (
    chat: Chat,
    base: readonly Message[] | undefined,
    touch: boolean,
    baseIds?: MessageIds,
  ): Chat => {
    const next = chat.messages;
    if (!base || next.length < base.length || next.length - base.length > FAST_TAIL)
      return prepare(chat, touch);
    for (let index = 0; index < base.length; index++)
      if (next[index] !== base[index]) return prepare(chat, touch);
    const tail = next.slice(base.length);
    const tailIds = new Set(tail.map((message) => message.id));
    if (tailIds.size !== tail.length || !tail.every(isWholeNewMessage)) return prepare(chat, touch);
    // A new message reusing an id the chat has: the whole parse gives it a new one (MR11).
    const reused = baseIds
      ? tail.some((message) => baseIds.has(message.id))
      : base.some((message) => tailIds.has(message.id));
    if (reused) return prepare(chat, touch);
    const result = chatParser.safeParse({ ...chat, messages: tail });
    const parsed = result.success && result.issues.length === 0 ? result.data : undefined;
    const clean =
      parsed?.messages.length === tail.length &&
      parsed.messages.every((message, index) => message.id === tail[index]!.id && isParsedMessage(message));
    // With any issue the whole chat is parsed, so its report names the right places.
    if (!parsed || !clean) return prepare(chat, touch);
    const whole = { ...parsed, messages: [...base, ...parsed.messages] };
    return touch ? touchRecord(whole, ctx.now()) : whole;
  };
  /** Decodes a stored chat, reusing the messages parsed moments ago (see ParsedMessages). */
  const decodeChat = (id: string, raw: unknown): Chat => {
    const chat = ctx.decode('chats', id, recent.reuse(id, raw), chatParser);
    recent.remember(chat);
    return chat;
  };

  /**
   * The chat as stored (head and rows, or a whole row of the earlier layout). When this store wrote
   * or read the same revision moments ago, the head alone is read and its messages are those.
   */
  async function readChat(tx: EngineReader, id: string): Promise<LoadedChat | undefined> {
    const remembered = rowsOf.get(id);
    // Nothing remembered (a first open, the reopened chat at start): the message rows are asked for
    // with the head, not after it, so a bigger read queued meanwhile (the sidebar's summaries at
    // start) does not come between them. Left unused when the head is a whole-chat row.
    const messageRows = remembered ? undefined : tx.getPrefix('messages', messageKeyPrefix(id));
    messageRows?.catch(() => undefined);
    const raw = await tx.get('chats', id);
    if (raw === undefined) return undefined;
    if (!isChatHead(raw)) return { chat: decodeChat(id, raw), known: undefined };
    if (remembered && remembered.revision === raw.messagesRevision) {
      // The remembered messages are this store's own parse output: only the head is parsed again.
      const head = ctx.decode('chats', id, assembleChat(id, raw, []), chatParser);
      return { chat: { ...head, messages: [...remembered.messages] }, known: remembered };
    }
    const rows = await (messageRows ?? tx.getPrefix('messages', messageKeyPrefix(id)));
    const chat = decodeChat(id, assembleChat(id, raw, rows));
    return { chat, known: knownFromRows(id, raw.messagesRevision, chat.messages, rows) };
  }

  const readOne = (id: string) => ctx.engine.read(READ_TABLES, (tx) => readChat(tx, id));

  /** What a write needs to know of the rows already stored (read in the write's transaction). */
  async function storedRows(tx: EngineTransaction, id: string): Promise<KnownRows | undefined> {
    const raw = await tx.get('chats', id);
    const remembered = rowsOf.get(id);
    if (remembered && isChatHead(raw) && raw.messagesRevision === remembered.revision) return remembered;
    return undefined;
  }

  /**
   * Writes the chat's head, summary and the rows of messages that differ from `known`. When every
   * known message keeps its place (an append, an edit, a tombstone, a cut at the end), only the
   * chunks holding a changed, added or removed message are written (an answer: the last chunk);
   * otherwise (another order, or nothing known) every chunk is written and other rows deleted.
   */
  async function writeChat(
    tx: EngineTransaction,
    chat: Chat,
    known: KnownRows | undefined,
    { last = false }: { last?: boolean } = {},
  ) {
    const writes: Promise<void>[] = [];
    const next = chat.messages;
    const chunks = rowsFor(next.length);
    const putChunk = (chunk: number) =>
      writes.push(tx.put('messages', messageKey(chat.id, chunk), messageRow(chat.id, next, chunk)));
    const common = Math.min(next.length, known?.messages.length ?? 0);
    let ids: MessageIds | undefined;
    if (known?.exact && sameIdsUpTo(known.messages, next, common)) {
      ids = known.ids.after(next, common);
      const previous = known.messages;
      const dirty = new Set<number>();
      for (let index = 0; index < common; index++) {
        if (next[index] !== previous[index]) dirty.add(Math.floor(index / MESSAGES_PER_ROW));
      }
      if (next.length !== previous.length) {
        for (let chunk = Math.floor(common / MESSAGES_PER_ROW); chunk < chunks; chunk++) dirty.add(chunk);
      }
      for (const chunk of dirty) if (chunk < chunks) putChunk(chunk);
      for (let chunk = chunks; chunk < rowsFor(previous.length); chunk++) {
        writes.push(tx.delete('messages', messageKey(chat.id, chunk)));
      }
    } else {
      const stale = known?.allKeys ?? (await tx.keysWithPrefix('messages', messageKeyPrefix(chat.id)));
      for (let chunk = 0; chunk < chunks; chunk++) putChunk(chunk);
      for (const key of stale) {
        const chunk = positionOfKey(key, messageKeyPrefix(chat.id));
        if (chunk < 0 || chunk >= chunks) writes.push(tx.delete('messages', key));
      }
    }
    const unchanged = known !== undefined && writes.length === 0;
    const revision = unchanged ? known.revision : ctx.ids.randomId();
    writes.push(tx.put('chats', chat.id, chatHead(chat, revision)));
    writes.push(tx.put('chatSummaries', chat.id, summarizeChat(chat)));
    // The transaction's last requests: it may commit once they are done (MR12).
    if (last) tx.commit?.();
    await Promise.all(writes);
    const allKeys = Array.from({ length: chunks }, (_, chunk) => messageKey(chat.id, chunk));
    return {
      revision,
      messages: next,
      exact: true,
      allKeys,
      ids: ids ?? new MessageIds(next),
    } satisfies KnownRows;
  }

  /** Runs a chat write; what it wrote is remembered once it committed, forgotten if it failed. */
  async function writeChats<T extends Chat | Chat[]>(
    action: string,
    ids: readonly string[],
    work: (tx: EngineTransaction) => Promise<{ ids: readonly string[]; result: T; rows: KnownRows[] }>,
  ): Promise<T> {
    let rows: KnownRows[] = [];
    try {
      const result = await ctx.write(action, 'chats', CHAT_TABLES, async (tx) => {
        const outcome = await work(tx);
        rows = outcome.rows;
        return outcome;
      });
      const chats: readonly Chat[] = Array.isArray(result) ? result : [result as Chat];
      chats.forEach((chat, index) => rememberRows(chat.id, rows[index]));
      return result;
    } catch (error) {
      for (const id of ids) rowsOf.delete(id);
      throw error;
    }
  }

  /** A summary that is missing or unreadable is rebuilt from its chat, so the sidebar heals itself. */
  async function decodeSummaries(rows: readonly StoredRow[]): Promise<ChatSummary[]> {
    const summaries: ChatSummary[] = [];
    for (const row of rows) {
      const current = currentSummaryOrUndefined(row.id, row.value);
      if (current) {
        summaries.push(current);
        continue;
      }
      const parsed = safeParseChatSummary(row.value);
      if (parsed.success && parsed.issues.length === 0) {
        summaries.push(parsed.data);
        continue;
      }
      const loaded = await readOne(row.id);
      if (loaded === undefined) continue;
      summaries.push(summarizeChat(loaded.chat));
    }
    return summaries;
  }

  /** Every chat whole: the heads and all message rows from one read, grouped by chat. */
  async function list(options: ListOptions = {}): Promise<Chat[]> {
    const { heads, messageRows } = await ctx.read('list chats', () =>
      ctx.engine.read(READ_TABLES, async (tx) => {
        const [heads, messageRows] = await Promise.all([tx.getAll('chats'), tx.getAll('messages')]);
        return { heads, messageRows };
      }),
    );
    const rowsByChat = new Map<string, StoredRow[]>();
    for (const row of messageRows) {
      const chatId = chatIdOfMessageKey(row.id);
      if (chatId === undefined) continue;
      const rows = rowsByChat.get(chatId);
      if (rows) rows.push(row);
      else rowsByChat.set(chatId, [row]);
    }
    return heads
      .map(({ id, value }) =>
        ctx.decode(
          'chats',
          id,
          isChatHead(value) ? assembleChat(id, value, rowsByChat.get(id) ?? []) : value,
          chatParser,
        ),
      )
      .filter((chat) => options.includeDeleted || chat.deletedAt === null)
      .sort(newestFirst);
  }

  const cache = new SummaryCache(
    async () => decodeSummaries(await ctx.engine.getAll('chatSummaries')),
    async (ids) => {
      const { engine } = ctx;
      const values = engine.getMany
        ? await engine.getMany('chatSummaries', ids)
        : await Promise.all(ids.map((id) => engine.get('chatSummaries', id)));
      // Row by row, so a summary lines up with its id even when a broken one is left out.
      return Promise.all(
        ids.map(async (id, index) =>
          values[index] === undefined
            ? undefined
            : (await decodeSummaries([{ id, value: values[index] }]))[0],
        ),
      );
    },
  );
  ctx.subscribe((change) => {
    if (change.origin === 'remote' && change.area === 'chats') cache.changedElsewhere(change.ids);
  });
  const stored = (chats: readonly Chat[]) => cache.written(chats.map(summarizeChat));

  async function listSummaries(query: ChatSummaryQuery = {}): Promise<ChatSummary[]> {
    return ctx.read('list chat summaries', async () => {
      const { engine } = ctx;
      // A folder or tag alone is served by an index until the full list is in memory.
      if (!cache.isLoaded && engine.getWhere && typeof query.folderID === 'string') {
        return applySummaryQuery(
          await decodeSummaries(await engine.getWhere('chatSummaries', 'folderID', query.folderID)),
          query,
        );
      }
      if (!cache.isLoaded && engine.getWhere && query.tag !== undefined) {
        return applySummaryQuery(
          await decodeSummaries(await engine.getWhere('chatSummaries', 'tags', query.tag)),
          query,
        );
      }
      return applySummaryQuery(await cache.all(), query);
    });
  }

  /** Read-modify-write of one chat in one transaction. */
  async function change(id: string, action: string, edit: (chat: Chat) => Chat, touch: boolean) {
    const result = await writeChats(action, [id], async (tx) => {
      const loaded = await readChat(tx, id);
      if (loaded === undefined) throw new StorageError('not_found', `chat ${id} does not exist`);
      const changed = edit(loaded.chat);
      if (changed.id !== id) throw new StorageError('corrupt_record', `update of chat ${id} changed its id`);
      const updated = prepareAfter(changed, loaded.chat.messages, touch, loaded.known?.ids);
      const rows = await writeChat(tx, updated, loaded.known, { last: true });
      return { ids: [id], result: updated, rows: [rows] };
    });
    stored([result]);
    return result;
  }

  return {
    async get(id) {
      const loaded = await ctx.read(`read chat ${id}`, () => readOne(id));
      if (loaded === undefined) return undefined;
      rememberRows(id, loaded.known);
      return loaded.chat;
    },
    list,
    async put(chat, options: PutOptions = {}) {
      const remembered = rowsOf.get(chat.id);
      const chatToStore = prepareAfter(chat, remembered?.messages, options.touch ?? true, remembered?.ids);
      const result = await writeChats(`save chat ${chatToStore.id}`, [chatToStore.id], async (tx) => {
        const rows = await writeChat(tx, chatToStore, await storedRows(tx, chatToStore.id), {
          last: true,
        });
        return { ids: [chatToStore.id], result: chatToStore, rows: [rows] };
      });
      stored([result]);
      return result;
    },
    async putMany(chats, options: PutOptions = {}) {
      const chatsToStore = chats.map((chat) => prepare(chat, options.touch ?? false));
      const ids = chatsToStore.map((chat) => chat.id);
      const result = await writeChats(`save ${chatsToStore.length} chats`, ids, async (tx) => {
        // Every request goes out at once (a transaction runs them in order): one round trip per
        // step for the whole batch, not per chat.
        const known = await Promise.all(ids.map((id) => storedRows(tx, id)));
        const rows = await Promise.all(chatsToStore.map((chat, index) => writeChat(tx, chat, known[index])));
        return { ids, result: chatsToStore, rows };
      });
      stored(result);
      return result;
    },
    update(id, edit, options: PutOptions = {}) {
      return change(id, `update chat ${id}`, edit, options.touch ?? true);
    },
    delete(id) {
      // The tombstone's times are set here, so `touch` would only repeat them.
      return change(
        id,
        `delete chat ${id}`,
        (chat) => {
          const now = ctx.now();
          return { ...chat, deletedAt: now, updatedAt: now };
        },
        false,
      );
    },
    async purge(id) {
      await ctx.write(`purge chat ${id}`, 'chats', CHAT_TABLES, async (tx) => {
        const existed = (await tx.get('chats', id)) !== undefined;
        const keys = await tx.keysWithPrefix('messages', messageKeyPrefix(id));
        await Promise.all([
          ...keys.map((key) => tx.delete('messages', key)),
          tx.delete('chats', id),
          tx.delete('chatSummaries', id),
        ]);
        return { ids: existed ? [id] : [], result: undefined };
      });
      recent.forget(id);
      rowsOf.delete(id);
      cache.written([], [id]);
    },
    async count(options: ListOptions = {}) {
      return (await listSummaries({ includeDeleted: options.includeDeleted })).length;
    },
    async getSummary(id) {
      const rows = await ctx.read(`read chat summary ${id}`, async () => {
        const value = await ctx.engine.get('chatSummaries', id);
        return value === undefined ? [] : [{ id, value }];
      });
      const [summary] = await ctx.read(`read chat summary ${id}`, () => decodeSummaries(rows));
      return summary;
    },
    listSummaries,
  };
}
