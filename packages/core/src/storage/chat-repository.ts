import { chatEntity, safeParseChatSummary, summarizeChat } from '../entities';
import type { Chat, ChatSummary } from '../entities';
import { applySummaryQuery } from './chat-summary-query';
import type { EngineTransaction, StoredRow } from './record-engine';
import { touchRecord } from './record-repository';
import { StorageError } from './storage-error';
import { SummaryCache } from './summary-cache';
import { currentSummaryOrUndefined } from './summary-fast-path';
import type { ChatRepository, ChatSummaryQuery, ListOptions, PutOptions } from './storage-port';
import type { StoreContext } from './store-context';
import { newestFirst } from './store-context';
import { ParsedMessages } from './parsed-messages';
import type { StorageTable } from './storage-tables';

const chatParser = chatEntity;

const CHAT_TABLES: readonly StorageTable[] = ['chats', 'chatSummaries'];

/**
 * Chats are one record each; every write puts the chat and its summary in one transaction, and
 * touches no other chat (spec: saving one message never rewrites the store).
 */
export function createChatRepository(ctx: StoreContext): ChatRepository {
  const recent = new ParsedMessages();
  const prepare = (chat: Chat, touch: boolean): Chat => {
    const parsed = ctx.encode('chats', chat, chatParser);
    return touch ? touchRecord(parsed, ctx.now()) : parsed;
  };
  /** Decodes a stored chat, reusing the messages parsed moments ago (see ParsedMessages). */
  const decodeChat = (id: string, raw: unknown): Chat => {
    const chat = ctx.decode('chats', id, recent.reuse(id, raw), chatParser);
    recent.remember(chat);
    return chat;
  };

  const writeChat = async (tx: EngineTransaction, chat: Chat): Promise<void> => {
    await tx.put('chats', chat.id, chat);
    await tx.put('chatSummaries', chat.id, summarizeChat(chat));
  };

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
      const chat = await ctx.engine.get('chats', row.id);
      if (chat === undefined) continue;
      summaries.push(summarizeChat(ctx.decode('chats', row.id, chat, chatParser)));
    }
    return summaries;
  }

  async function list(options: ListOptions = {}): Promise<Chat[]> {
    const rows = await ctx.read('list chats', () => ctx.engine.getAll('chats'));
    return rows
      .map((row) => ctx.decode('chats', row.id, row.value, chatParser))
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

  return {
    async get(id) {
      const raw = await ctx.read(`read chat ${id}`, () => ctx.engine.get('chats', id));
      return raw === undefined ? undefined : decodeChat(id, raw);
    },
    list,
    async put(chat, options: PutOptions = {}) {
      const chatToStore = prepare(chat, options.touch ?? true);
      recent.remember(chatToStore);
      const result = await ctx.write(`save chat ${chatToStore.id}`, 'chats', CHAT_TABLES, async (tx) => {
        await writeChat(tx, chatToStore);
        return { ids: [chatToStore.id], result: chatToStore };
      });
      stored([result]);
      return result;
    },
    async putMany(chats, options: PutOptions = {}) {
      const chatsToStore = chats.map((chat) => prepare(chat, options.touch ?? false));
      const result = await ctx.write(
        `save ${chatsToStore.length} chats`,
        'chats',
        CHAT_TABLES,
        async (tx) => {
          for (const chat of chatsToStore) await writeChat(tx, chat);
          return { ids: chatsToStore.map((chat) => chat.id), result: chatsToStore };
        },
      );
      stored(result);
      return result;
    },
    async update(id, change, options: PutOptions = {}) {
      const result = await ctx.write(`update chat ${id}`, 'chats', CHAT_TABLES, async (tx) => {
        const raw = await tx.get('chats', id);
        if (raw === undefined) throw new StorageError('not_found', `chat ${id} does not exist`);
        const changed = change(decodeChat(id, raw));
        if (changed.id !== id)
          throw new StorageError('corrupt_record', `update of chat ${id} changed its id`);
        const updated = prepare(changed, options.touch ?? true);
        recent.remember(updated);
        await writeChat(tx, updated);
        return { ids: [id], result: updated };
      });
      stored([result]);
      return result;
    },
    async delete(id) {
      const result = await ctx.write(`delete chat ${id}`, 'chats', CHAT_TABLES, async (tx) => {
        const raw = await tx.get('chats', id);
        if (raw === undefined) throw new StorageError('not_found', `chat ${id} does not exist`);
        const now = ctx.now();
        const tombstone = { ...decodeChat(id, raw), deletedAt: now, updatedAt: now };
        await writeChat(tx, tombstone);
        return { ids: [id], result: tombstone };
      });
      stored([result]);
      return result;
    },
    async purge(id) {
      await ctx.write(`purge chat ${id}`, 'chats', CHAT_TABLES, async (tx) => {
        const existed = (await tx.get('chats', id)) !== undefined;
        await tx.delete('chats', id);
        await tx.delete('chatSummaries', id);
        return { ids: existed ? [id] : [], result: undefined };
      });
      recent.forget(id);
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
