/** The tables every storage engine holds; each record is keyed by its `id` (settings by their key). */
export const STORAGE_TABLES = [
  'chats',
  'chatSummaries',
  'messages',
  'folders',
  'projects',
  'knowledgeDocuments',
  'prompts',
  'characters',
  'plugins',
  'profiles',
  'memory',
  'usage',
  'attachments',
  'settings',
] as const;
export type StorageTable = (typeof STORAGE_TABLES)[number];

/**
 * What a change notification names: a repository of the port (summaries and message rows change
 * with their chats).
 */
export type StorageArea = Exclude<StorageTable, 'chatSummaries' | 'messages'>;
