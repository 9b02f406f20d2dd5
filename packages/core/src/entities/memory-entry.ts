import { z } from 'zod/mini';
import { defineEntity, schemaVersionField } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

/** A fact the model should remember across chats (used when global memory is enabled). */
export const MEMORY_ENTRY_SCHEMA_VERSION = 1;

const memoryEntryShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  content: z._default(z.string(), ''),
  /** The chat the fact was learned in, if any. */
  sourceChatID: z._default(z.nullable(z.string()), null),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
};

export const MemoryEntrySchema = z.object(memoryEntryShape);
export type MemoryEntry = z.infer<typeof MemoryEntrySchema>;

export const memoryEntryEntity = defineEntity({
  name: 'memory entry',
  version: MEMORY_ENTRY_SCHEMA_VERSION,
  shape: memoryEntryShape,
  keepUnknownFields: true,
});

export const parseMemoryEntry = memoryEntryEntity.parse;
export const safeParseMemoryEntry = memoryEntryEntity.safeParse;
