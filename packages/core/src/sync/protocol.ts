import { z } from 'zod/mini';
import {
  characterEntity,
  chatEntity,
  folderEntity,
  knowledgeDocumentEntity,
  projectEntity,
  optionalTimestampField,
  pluginEntity,
  promptEntity,
  type EntityParser,
} from '../entities';
import { entityList, MAX_SYNC_LIST_ITEMS } from './entity-items';
import { UserSettingsSectionsSchema } from './settings-sections';

/**
 * The cloud sync wire protocol (spec sections 7 and 9), validated by the server on every request and
 * by the client on every response. Rules: SPEC.md (PR*). Request types are the parsed (output)
 * shapes: a client builds `SyncRequest` from its entities and sends it as JSON.
 */
export const SYNC_PATHS = {
  sync: '/api/sync',
  syncBuffer: '/api/sync-buffer',
  syncConfig: '/api/sync/config',
  /** Change notifications (PR12): a text/event-stream of `changed` events, no data. */
  syncEvents: '/api/sync/events',
  chunkPrefix: '/api/sync/chunks/',
  signup: '/api/auth/signup',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  logoutEverywhere: '/api/auth/logout-all',
  self: '/api/hosted/users/self',
} as const;

/**
 * PR11: the version of this protocol the code speaks, sent on every sync call in
 * SYNC_PROTOCOL_HEADER. 1 is every client before the header existed (a call without it is 1);
 * 2 adds change notifications (PR12). The server accepts MIN_SYNC_PROTOCOL_VERSION up to its own
 * version and names why it refuses any other (SyncIncompatibility).
 */
export const SYNC_PROTOCOL_VERSION = 2;
export const MIN_SYNC_PROTOCOL_VERSION = 1;
export const SYNC_PROTOCOL_HEADER = 'X-Parley-Sync-Protocol';
/**
 * PR12: the id of this page's notification stream, sent on its sync calls too, so the server does
 * not notify the stream of the device that wrote.
 */
export const SYNC_LISTENER_HEADER = 'X-Parley-Sync-Listener';
export const SyncListenerIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));

/** PR11: why a server refuses a client's protocol version; the error code is `incompatible:<reason>`. */
export const syncIncompatibilities = ['client_too_old', 'server_too_old'] as const;
export type SyncIncompatibility = (typeof syncIncompatibilities)[number];

const protocolVersionText = z.string().check(z.regex(/^\d{1,6}$/));

/**
 * PR11: what a server of `supported` versions makes of a client's SYNC_PROTOCOL_HEADER: absent or
 * empty is version 1; below the range the client is too old, above it the server is. Not a
 * whole number: `malformed`.
 */
export function checkSyncProtocol(
  header: string | undefined,
  supported: { min: number; max: number } = { min: MIN_SYNC_PROTOCOL_VERSION, max: SYNC_PROTOCOL_VERSION },
):
  { ok: true; version: number } | { ok: false; reason: SyncIncompatibility | 'malformed'; version?: number } {
  const text = header?.trim() ?? '';
  if (text === '') return { ok: true, version: 1 };
  const parsed = protocolVersionText.safeParse(text);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const version = Number(parsed.data);
  if (version < supported.min) return { ok: false, reason: 'client_too_old', version };
  if (version > supported.max) return { ok: false, reason: 'server_too_old', version };
  return { ok: true, version };
}

/** Spec section 9: above this many characters of JSON, chats go through the buffer in chunks. */
export const DEFAULT_MAX_SYNC_PAYLOAD_SIZE = 3_000_000;
export const CLOUD_TOKEN_COOKIE = 'parley_cloud_token';
export const CLOUD_TOKEN_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const idList = z._default(
  z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(MAX_SYNC_LIST_ITEMS)),
  () => [],
);
const itemList = <T>(parser: EntityParser<T>) => z._default(entityList(parser), () => []);

export const SyncAllDataSchema = z.object({
  /** Accepted for compatibility with older clients; the server does not keep it. */
  updateHistory: z._default(z.array(z.unknown()).check(z.maxLength(10_000)), () => []),
  chats: itemList(chatEntity),
  deletedChatIDs: idList,
  folders: itemList(folderEntity),
  deletedFolderIDs: idList,
  projects: itemList(projectEntity),
  deletedProjectIDs: idList,
  knowledgeDocuments: itemList(knowledgeDocumentEntity),
  deletedKnowledgeDocumentIDs: idList,
  userPrompts: itemList(promptEntity),
  deletedPromptIDs: idList,
  userCharacters: itemList(characterEntity),
  deletedCharacterIDs: idList,
  plugins: itemList(pluginEntity),
  deletedPluginIDs: idList,
  userSettings: z._default(UserSettingsSectionsSchema, () => ({})),
});
export type SyncAllData = z.output<typeof SyncAllDataSchema>;

export const SyncBufferIdSchema = z.string().check(z.minLength(1), z.maxLength(100));

export const SyncRequestSchema = z.object({
  allData: SyncAllDataSchema,
  /** The lastSyncAt of this device's previous sync; null or absent for a full re-sync (PR2). */
  lastSyncAt: optionalTimestampField,
  /** Large data: the chats were uploaded to this buffer first, and allData.chats is empty (PR6). */
  syncBufferID: z.optional(SyncBufferIdSchema),
});
export type SyncRequest = z.output<typeof SyncRequestSchema>;

export const SyncBufferRequestSchema = z.object({
  chats: entityList(chatEntity, 1),
  /** Absent on the first chunk; the syncBufferID the first answer gave on the others. */
  bufferID: z.optional(SyncBufferIdSchema),
});
export type SyncBufferRequest = z.output<typeof SyncBufferRequestSchema>;

export const SyncBufferResponseSchema = z.object({ syncBufferID: z.string() });
export type SyncBufferResponse = z.output<typeof SyncBufferResponseSchema>;

export const SyncStatsSchema = z.object({
  lastSyncAt: z.nullable(z.string()),
  totalUsageBytes: z.number(),
  limitUsageBytes: z.number(),
  subscriptions: z.array(z.unknown()),
  isPaid: z.boolean(),
  apis: z.array(z.unknown()),
});
export type SyncStats = z.output<typeof SyncStatsSchema>;

const chunkUrls = z.optional(z.array(z.string()));

export const SyncResponseSchema = z.object({
  /** Empty when the chats come as updatedChatsChunks instead (PR5). */
  updatedChats: itemList(chatEntity),
  updatedChatsChunks: chunkUrls,
  updatedFolders: itemList(folderEntity),
  updatedProjects: itemList(projectEntity),
  updatedKnowledgeDocuments: itemList(knowledgeDocumentEntity),
  updatedPrompts: itemList(promptEntity),
  updatedCharacters: itemList(characterEntity),
  updatedCharactersChunks: chunkUrls,
  updatedPlugins: itemList(pluginEntity),
  updatedPluginsChunks: chunkUrls,
  updatedUserSettings: z._default(UserSettingsSectionsSchema, () => ({})),
  deletedChatIDs: idList,
  deletedFolderIDs: idList,
  deletedProjectIDs: idList,
  deletedKnowledgeDocumentIDs: idList,
  deletedPromptIDs: idList,
  deletedCharacterIDs: idList,
  deletedPluginIDs: idList,
  /** Server clock, ISO: send it back as lastSyncAt next time (PR1). */
  lastSyncAt: z.string(),
  totalUsageBytes: z.number(),
  limitUsageBytes: z.number(),
  isPaid: z.boolean(),
  syncStats: SyncStatsSchema,
  userMessage: z.optional(z.string()),
  maxSyncPayloadSize: z.number().check(z.int(), z.positive()),
  /** Read by older clients; this server never rotates tokens during sync. */
  newToken: z.optional(z.string()),
});
export type SyncResponse = z.output<typeof SyncResponseSchema>;

export const SyncConfigResponseSchema = z.object({
  maxSyncPayloadSize: z.number().check(z.int(), z.positive()),
});
export type SyncConfigResponse = z.output<typeof SyncConfigResponseSchema>;

/** Error answers of the sync and account calls: a code for programs, userMessage for people (PR8). */
export const SyncErrorBodySchema = z.looseObject({
  error: z.optional(z.object({ code: z.string(), message: z.string(), detail: z.optional(z.string()) })),
  userMessage: z.optional(z.string()),
  totalUsageBytes: z.optional(z.number()),
  limitUsageBytes: z.optional(z.number()),
  syncStats: z.optional(SyncStatsSchema),
});
export type SyncErrorBody = z.output<typeof SyncErrorBodySchema>;
