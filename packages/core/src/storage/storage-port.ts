import type {
  Attachment,
  Character,
  Chat,
  ChatSummary,
  Folder,
  KnowledgeDocumentRecord,
  MemoryEntry,
  ParseIssue,
  Plugin,
  Project,
  Prompt,
  SettingDefinition,
  UsageRecord,
  UserProfile,
} from '../entities';
import type { PackSummariesOptions, SummaryPackOutcome } from './record-engine';
import type { StorageArea, StorageTable } from './storage-tables';

/**
 * The storage port: everything the app keeps on this device, per record and transactional. The web
 * app implements it over IndexedDB (localStorage as fallback); tests use the in-memory store. All
 * three pass the same contract suite (storage/contract).
 *
 * Every method rejects only with a StorageError (codes: quota_exceeded, unavailable,
 * corrupt_record, not_found). A failed write changes nothing: a chat and its summary are written
 * in one transaction, and bulk writes are all-or-nothing.
 */
export interface StoragePort {
  readonly backend: StorageBackendKind;
  readonly chats: ChatRepository;
  readonly folders: RecordRepository<Folder>;
  readonly projects: RecordRepository<Project>;
  /** Knowledge base documents as they sync (decision 0131); their text and index live elsewhere. */
  readonly knowledgeDocuments: RecordRepository<KnowledgeDocumentRecord>;
  readonly prompts: RecordRepository<Prompt>;
  readonly characters: RecordRepository<Character>;
  readonly plugins: RecordRepository<Plugin>;
  readonly profiles: RecordRepository<UserProfile>;
  readonly memory: RecordRepository<MemoryEntry>;
  readonly usage: UsageRepository;
  readonly attachments: AttachmentRepository;
  readonly settings: SettingsRepository;
  /** Changes made through this store (origin `local`) and by other tabs (origin `remote`). */
  onChange(listener: StorageChangeListener): Unsubscribe;
  /**
   * Optional: brings the packed copy of the chat summaries up to date (storage SPEC PK), for the
   * app to call once writes have settled. Backends without such a copy leave it out.
   */
  packSummaries?(options?: PackSummariesOptions): Promise<SummaryPackOutcome>;
  close(): Promise<void>;
}

export type StorageBackendKind = 'indexeddb' | 'localstorage' | 'memory';

export type Unsubscribe = () => void;

export interface StorageChange {
  readonly area: StorageArea;
  /** Record ids (setting keys for `settings`). */
  readonly ids: readonly string[];
  readonly origin: 'local' | 'remote';
}
export type StorageChangeListener = (change: StorageChange) => void;

/**
 * A stored value that did not parse cleanly. Reads never throw for it: the record comes back with
 * defaults in place of the bad fields, and this is reported once (the app shows a toast).
 */
export interface StorageIssue {
  readonly code: 'corrupt_record';
  readonly table: StorageTable;
  readonly id: string;
  readonly operation: 'read' | 'write';
  readonly issues: readonly ParseIssue[];
}
export type StorageIssueListener = (issue: StorageIssue) => void;

export interface ListOptions {
  /** Include tombstoned records (deletedAt set). Default false. */
  readonly includeDeleted?: boolean;
}

export interface PutOptions {
  /**
   * Stamp updatedAt with the current time. Default true for `put` (a local edit) and false for
   * `putMany` (imports and sync keep the record's own timestamps; sync merges by them).
   */
  readonly touch?: boolean;
}

/** A record kind with tombstones: folders, projects, prompts, characters, plugins, profiles, memory entries. */
export interface RecordRepository<T extends { id: string }> {
  /** The record, tombstoned or not; undefined if there is none. */
  get(id: string): Promise<T | undefined>;
  list(options?: ListOptions): Promise<T[]>;
  /** Parses (filling defaults), stores and returns the record as stored. */
  put(record: T, options?: PutOptions): Promise<T>;
  /** Stores many records in one transaction (imports, sync). */
  putMany(records: readonly T[], options?: PutOptions): Promise<T[]>;
  /** Tombstones the record (deletedAt and updatedAt set to now) so sync can propagate the deletion. Rejects not_found. */
  delete(id: string): Promise<T>;
  /** Removes the record for good; nothing happens if there is none. */
  purge(id: string): Promise<void>;
  count(options?: ListOptions): Promise<number>;
}

export interface ChatSummaryQuery extends ListOptions {
  /** A folder id, or null for chats outside any folder; omitted: any folder. */
  readonly folderID?: string | null;
  /** Only chats carrying this tag name. */
  readonly tag?: string;
  /** true: only archived; false: only not archived; omitted: both. */
  readonly archived?: boolean;
  /** true: only favorited; false: only not favorited; omitted: both. */
  readonly favorited?: boolean;
  /** Default true. */
  readonly includeExamples?: boolean;
  readonly limit?: number;
}

/** Chats: each write also rewrites the chat's summary, in the same transaction. */
export interface ChatRepository extends RecordRepository<Chat> {
  /** Read-modify-write in one transaction (e.g. append a message). Rejects not_found. */
  update(id: string, change: (chat: Chat) => Chat, options?: PutOptions): Promise<Chat>;
  getSummary(id: string): Promise<ChatSummary | undefined>;
  /** Newest first (updatedAt descending). */
  listSummaries(query?: ChatSummaryQuery): Promise<ChatSummary[]>;
}

export interface UsageRange {
  /** Inclusive ISO timestamp. */
  readonly from?: string;
  /** Exclusive ISO timestamp. */
  readonly to?: string;
}

export type UsageRecordInput = Partial<UsageRecord>;

export interface UsageRepository {
  /** Stores a usage record; id and recordedAt are filled in when missing. */
  append(record: UsageRecordInput): Promise<UsageRecord>;
  /** Records with recordedAt in the range, oldest first. */
  query(range?: UsageRange): Promise<UsageRecord[]>;
  purge(id: string): Promise<void>;
  count(): Promise<number>;
}

export interface StoredAttachment {
  readonly attachment: Attachment;
  readonly data: Uint8Array;
}

/** Binary attachments (images, documents): metadata plus bytes, written together. */
export interface AttachmentRepository {
  get(id: string): Promise<StoredAttachment | undefined>;
  /** Metadata only (cheap to list). */
  list(options?: ListOptions): Promise<Attachment[]>;
  /** size is taken from the bytes. */
  put(attachment: Attachment, data: Uint8Array, options?: PutOptions): Promise<Attachment>;
  /** Stores many in one transaction, all or nothing (ST5; like `putMany`, own timestamps unless `touch`). */
  putMany(
    items: readonly { attachment: Attachment; data: Uint8Array }[],
    options?: PutOptions,
  ): Promise<Attachment[]>;
  /** Tombstones the metadata and keeps the bytes until purge. Rejects not_found. */
  delete(id: string): Promise<Attachment>;
  purge(id: string): Promise<void>;
}

/** A settings-area value as stored, for sync and the data dump. value null: reverted to default. */
export interface SettingEntry {
  readonly key: string;
  readonly value: unknown;
  readonly updatedAt: string;
}

/** The key-value settings area. */
export interface SettingsRepository {
  /** The stored value, or the setting's default when it is absent, null or unusable. */
  get<T>(setting: SettingDefinition<T>): Promise<T>;
  /** Stores the value; null reverts the setting to its default (and is remembered, with its time, for sync). */
  set<T>(setting: SettingDefinition<T>, value: T | null): Promise<void>;
  entries(): Promise<SettingEntry[]>;
  /** Stores entries as given (sync): their own updatedAt is kept. */
  putEntries(entries: readonly SettingEntry[]): Promise<void>;
  /**
   * Starts reading these keys now, in one read, for the next `get` of each (start-up: the settings
   * the first screen needs, before the large summary read queues in front of them). A write or
   * another tab's change to a key drops its early value, so `get` never returns an older one.
   */
  readAhead(keys: readonly string[]): void;
}
