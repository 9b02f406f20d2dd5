import { z } from 'zod';
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
