import { z } from 'zod';
import { defineEntity, schemaVersionField } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

/**
 * Metadata of a stored binary (an uploaded image or document); the bytes live beside it in the
 * attachments table. Synced as the BLOB item kind when attachment sync is on.
 */
export const ATTACHMENT_SCHEMA_VERSION = 1;

const attachmentShape = {
  schemaVersion: schemaVersionField,
  id: z.string().min(1),
  mimeType: z.string().default('application/octet-stream'),
  name: z.string().nullable().default(null),
  size: z.number().int().nonnegative().default(0),
  chatID: z.string().nullable().default(null),
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
