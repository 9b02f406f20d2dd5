import { z } from 'zod/mini';
import type { IdGenerator } from '../platform';
import { defineEntity, schemaVersionField } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

export const FOLDER_SCHEMA_VERSION = 1;

const folderShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  title: z._default(z.string(), ''),
  /** Position among its siblings in the sidebar, ascending. */
  order: z._default(z.number(), 0),
  /** Null for a top-level folder. */
  parentID: z.optional(z.nullable(z.string())),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
  /**
   * On a tombstone only: the chats this device moved out of the folder when it deleted it, so that
   * Restore can put them back. Never sent: a deletion travels as an id (PR4), and a restore drops it.
   */
  movedOutChatIDs: z.optional(z.array(z.string())),
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
