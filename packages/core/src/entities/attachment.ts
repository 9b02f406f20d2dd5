import { z } from 'zod/mini';
import { defineEntity, schemaVersionField } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

/**
 * Metadata of a stored binary (an uploaded image or document); the bytes live beside it in the
 * attachments table. Synced as the BLOB item kind when attachment sync is on.
 */
export const ATTACHMENT_SCHEMA_VERSION = 1;

const attachmentShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  mimeType: z._default(z.string(), 'application/octet-stream'),
  name: z._default(z.nullable(z.string()), null),
  size: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  chatID: z._default(z.nullable(z.string()), null),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
};

export const AttachmentSchema = z.object(attachmentShape);
export type Attachment = z.infer<typeof AttachmentSchema>;

export const attachmentEntity = defineEntity({
  name: 'attachment',
  version: ATTACHMENT_SCHEMA_VERSION,
  shape: attachmentShape,
  keepUnknownFields: false,
});

export const parseAttachment = attachmentEntity.parse;
export const safeParseAttachment = attachmentEntity.safeParse;
