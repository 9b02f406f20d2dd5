import { z } from 'zod';
import {
  characterEntity,
  chatEntity,
  folderEntity,
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
  chunkPrefix: '/api/sync/chunks/',
  signup: '/api/auth/signup',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  logoutEverywhere: '/api/auth/logout-all',
  self: '/api/hosted/users/self',
} as const;

/** Spec section 9: above this many characters of JSON, chats go through the buffer in chunks. */
export const DEFAULT_MAX_SYNC_PAYLOAD_SIZE = 3_000_000;
export const CLOUD_TOKEN_COOKIE = 'parley_cloud_token';
export const CLOUD_TOKEN_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const idList = z
  .array(z.string().min(1).max(200))
  .max(MAX_SYNC_LIST_ITEMS)
  .default(() => []);
const itemList = <T>(parser: EntityParser<T>) => entityList(parser).default(() => []);

export const SyncAllDataSchema = z.object({
  /** Accepted for compatibility with older clients; the server does not keep it. */
  updateHistory: z
    .array(z.unknown())
    .max(10_000)
    .default(() => []),
  chats: itemList(chatEntity),
  deletedChatIDs: idList,
  folders: itemList(folderEntity),
  deletedFolderIDs: idList,
  userPrompts: itemList(promptEntity),
  deletedPromptIDs: idList,
  userCharacters: itemList(characterEntity),
  deletedCharacterIDs: idList,
  plugins: itemList(pluginEntity),
  deletedPluginIDs: idList,
  userSettings: UserSettingsSectionsSchema.default(() => ({})),
});
export type SyncAllData = z.output<typeof SyncAllDataSchema>;

export const SyncBufferIdSchema = z.string().min(1).max(100);

export const SyncRequestSchema = z.object({
  allData: SyncAllDataSchema,
  /** The lastSyncAt of this device's previous sync; null or absent for a full re-sync (PR2). */
  lastSyncAt: optionalTimestampField,
  /** Large data: the chats were uploaded to this buffer first, and allData.chats is empty (PR6). */
  syncBufferID: SyncBufferIdSchema.optional(),
});
export type SyncRequest = z.output<typeof SyncRequestSchema>;

export const SyncBufferRequestSchema = z.object({
  chats: entityList(chatEntity, 1),
  /** Absent on the first chunk; the syncBufferID the first answer gave on the others. */
  bufferID: SyncBufferIdSchema.optional(),
});
export type SyncBufferRequest = z.output<typeof SyncBufferRequestSchema>;

export const SyncBufferResponseSchema = z.object({ syncBufferID: z.string() });
export type SyncBufferResponse = z.output<typeof SyncBufferResponseSchema>;

export const SyncStatsSchema = z.object({
  lastSyncAt: z.string().nullable(),
  totalUsageBytes: z.number(),
  limitUsageBytes: z.number(),
  subscriptions: z.array(z.unknown()),
  isPaid: z.boolean(),
  apis: z.array(z.unknown()),
});
export type SyncStats = z.output<typeof SyncStatsSchema>;

const chunkUrls = z.array(z.string()).optional();

export const SyncResponseSchema = z.object({
  /** Empty when the chats come as updatedChatsChunks instead (PR5). */
  updatedChats: itemList(chatEntity),
  updatedChatsChunks: chunkUrls,
  updatedFolders: itemList(folderEntity),
  updatedPrompts: itemList(promptEntity),
  updatedCharacters: itemList(characterEntity),
  updatedCharactersChunks: chunkUrls,
  updatedPlugins: itemList(pluginEntity),
  updatedPluginsChunks: chunkUrls,
  updatedUserSettings: UserSettingsSectionsSchema.default(() => ({})),
  deletedChatIDs: idList,
  deletedFolderIDs: idList,
  deletedPromptIDs: idList,
  deletedCharacterIDs: idList,
  deletedPluginIDs: idList,
  /** Server clock, ISO: send it back as lastSyncAt next time (PR1). */
  lastSyncAt: z.string(),
  totalUsageBytes: z.number(),
  limitUsageBytes: z.number(),
  isPaid: z.boolean(),
  syncStats: SyncStatsSchema,
  userMessage: z.string().optional(),
  maxSyncPayloadSize: z.number().int().positive(),
  /** Read by older clients; this server never rotates tokens during sync. */
  newToken: z.string().optional(),
});
export type SyncResponse = z.output<typeof SyncResponseSchema>;

export const SyncConfigResponseSchema = z.object({ maxSyncPayloadSize: z.number().int().positive() });
export type SyncConfigResponse = z.output<typeof SyncConfigResponseSchema>;

/** Error answers of the sync and account calls: a code for programs, userMessage for people (PR8). */
export const SyncErrorBodySchema = z.looseObject({
  error: z.object({ code: z.string(), message: z.string(), detail: z.string().optional() }).optional(),
  userMessage: z.string().optional(),
  totalUsageBytes: z.number().optional(),
  limitUsageBytes: z.number().optional(),
  syncStats: SyncStatsSchema.optional(),
});
export type SyncErrorBody = z.output<typeof SyncErrorBodySchema>;
