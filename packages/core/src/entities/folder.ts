import { z } from 'zod';
import type { IdGenerator } from '../platform';
import { defineEntity, schemaVersionField } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

export const FOLDER_SCHEMA_VERSION = 1;

const folderShape = {
  schemaVersion: schemaVersionField,
  id: z.string().min(1),
  title: z.string().default(''),
  /** Position among its siblings in the sidebar, ascending. */
  order: z.number().default(0),
  /** Null for a top-level folder. */
  parentID: z.string().nullable().optional(),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
  /**
   * On a tombstone only: the chats this device moved out of the folder when it deleted it, so that
   * Restore can put them back. Never sent: a deletion travels as an id (PR4), and a restore drops it.
   */
  movedOutChatIDs: z.array(z.string()).optional(),
};

export const FolderSchema = z.object(folderShape);
export type Folder = z.infer<typeof FolderSchema>;

export const folderEntity = defineEntity({
  name: 'folder',
  version: FOLDER_SCHEMA_VERSION,
  shape: folderShape,
  keepUnknownFields: true,
  // Some exports name the folder title `name`.
  normalize: (raw) =>
    raw.title === undefined && typeof raw.name === 'string' ? { ...raw, title: raw.name } : raw,
});

export const parseFolder = folderEntity.parse;
export const safeParseFolder = folderEntity.safeParse;

export const FOLDER_ID_PREFIX = 'folder-';

export function newFolderId(ids: IdGenerator): string {
  return `${FOLDER_ID_PREFIX}${ids.randomId()}`;
}
