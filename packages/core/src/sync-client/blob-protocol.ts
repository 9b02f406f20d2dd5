import { z } from 'zod';

/**
 * Attachment bytes on the sync server: BLOB items of the `attachments` sync category (spec section
 * 3), decision 0056. A blob is one attachment's bytes, addressed by its content: the id is the
 * attachment id, `att-` and the first 128 bits of the SHA-256 of the bytes in hex (decision 0046),
 * which the server checks on upload. Blobs belong to the account that uploaded them. Shared by
 * the server routes and the client. Rules: SPEC.md (SC30-SC34).
 */
export const BLOB_PATHS = {
  /** PUT (raw bytes, the image's content type) and GET: `${one}/${id}`. */
  one: '/api/blobs',
  /** POST `{ ids }` -> `{ missing }`: which of these the server does not hold for the caller. */
  missing: '/api/blobs/missing',
} as const;

/** SC31: one blob's size limit; the largest file the app accepts (DOCUMENT_LIMITS.maxFileBytes). */
export const BLOB_MAX_BYTES = 32 * 1024 * 1024;
/** Ids per `missing` question. */
export const BLOB_IDS_PER_QUESTION = 500;
/**
 * The type a knowledge document's bytes are stored and sent with, whatever the document is (decision
 * 0131): the record names its kind; no browser renders this type, and a chat attachment never has it.
 */
export const KNOWLEDGE_DOCUMENT_BLOB_TYPE = 'application/vnd.parley.knowledge-document';
/** SC31: the types a blob may have; anything else is refused (never served as HTML). */
export const BLOB_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  KNOWLEDGE_DOCUMENT_BLOB_TYPE,
] as const;

const BLOB_ID = /^att-[0-9a-f]{32}$/;

/** A content-addressed attachment id, the only kind that syncs. */
export function isBlobId(id: string): boolean {
  return BLOB_ID.test(id);
}

/** The blob id of bytes whose SHA-256 is `sha256Hex` (64 hex digits). */
export function blobIdOfSha256(sha256Hex: string): string {
  return `att-${sha256Hex.slice(0, 32).toLowerCase()}`;
}

export function isBlobContentType(type: string): boolean {
  return (BLOB_CONTENT_TYPES as readonly string[]).includes(type.toLowerCase());
}

export function blobPath(id: string): string {
  return `${BLOB_PATHS.one}/${encodeURIComponent(id)}`;
}

export const BlobMissingRequestSchema = z.object({
  ids: z.array(z.string().regex(BLOB_ID)).max(BLOB_IDS_PER_QUESTION),
});
export type BlobMissingRequest = z.output<typeof BlobMissingRequestSchema>;

export const BlobMissingResponseSchema = z.object({ missing: z.array(z.string()) });

export const BlobStoredResponseSchema = z.object({
  blob: z.object({ id: z.string(), size: z.number(), contentType: z.string() }),
  /** False when the server already held these bytes (nothing counted twice). */
  created: z.boolean(),
});
