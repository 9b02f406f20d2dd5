import { z } from 'zod/mini';
import { defineEntity, schemaVersionField } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

/**
 * A knowledge base document as it syncs (decision 0131, storage SPEC EN28): what another device needs
 * to fetch its bytes and index it again there. The text, the passages and the vectors stay in the
 * knowledge base's own database on each device and are never synced; the bytes travel as a blob
 * (`file`, an `attachment:att-<hex>` reference, so the server's sweep keeps them while the record
 * names them, SY15). Synced whole, last writer wins (MG7); a removed document is a tombstone.
 */
export const KNOWLEDGE_DOCUMENT_SCHEMA_VERSION = 1;

/** EN28: a longer name or folder is cut, not refused (a synced record still loads). */
export const KNOWLEDGE_DOCUMENT_NAME_MAX_LENGTH = 255;
export const KNOWLEDGE_DOCUMENT_FOLDER_MAX_LENGTH = 1024;

/** The reference a record keeps to its bytes: `attachment:` and the content-addressed blob id. */
export const KNOWLEDGE_FILE_REFERENCE = /^attachment:(att-[0-9a-f]{32})$/;

const cut = (max: number) =>
  z._default(
    z.pipe(
      z.string(),
      z.transform((text: string) => (text.length > max ? text.slice(0, max) : text)),
    ),
    '',
  );

const knowledgeDocumentShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  /** The project whose knowledge base holds it; null: the global knowledge base. */
  projectId: z._default(z.nullable(z.string().check(z.minLength(1))), null),
  name: cut(KNOWLEDGE_DOCUMENT_NAME_MAX_LENGTH),
  /** The folder path it was added with ("notes/2026"), "" for a single file. */
  folder: cut(KNOWLEDGE_DOCUMENT_FOLDER_MAX_LENGTH),
  /** The document's kind as the reader names it (`pdf`, `markdown`…), from its name when added. */
  type: z._default(z.string(), ''),
  size: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  /** `attachment:att-<first 128 bits of the SHA-256 in hex>`; null on a tombstone (nothing to keep). */
  file: z._default(z.nullable(z.string().check(z.regex(KNOWLEDGE_FILE_REFERENCE))), null),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
};

export const KnowledgeDocumentRecordSchema = z.object(knowledgeDocumentShape);
export type KnowledgeDocumentRecord = z.infer<typeof KnowledgeDocumentRecordSchema>;

export const knowledgeDocumentEntity = defineEntity({
  name: 'knowledgeDocument',
  version: KNOWLEDGE_DOCUMENT_SCHEMA_VERSION,
  shape: knowledgeDocumentShape,
  keepUnknownFields: true,
});

export const parseKnowledgeDocument = knowledgeDocumentEntity.parse;
export const safeParseKnowledgeDocument = knowledgeDocumentEntity.safeParse;

/** The blob id a record's bytes are stored under, or null (a tombstone, or no valid reference). */
export function knowledgeFileBlobId(record: Pick<KnowledgeDocumentRecord, 'file'>): string | null {
  return record.file ? (KNOWLEDGE_FILE_REFERENCE.exec(record.file)?.[1] ?? null) : null;
}

/** EN28: a removed document keeps no reference to its bytes, so the server may give them back (SY15). */
export function withoutKnowledgeFile<T extends Pick<KnowledgeDocumentRecord, 'file' | 'deletedAt'>>(
  record: T,
): T {
  return record.deletedAt !== null && record.file !== null ? { ...record, file: null } : record;
}
