import { z } from 'zod/mini';
import { defineEntity, schemaVersionField } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

export const PROMPT_SCHEMA_VERSION = 1;

const promptShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  title: z._default(z.string(), ''),
  /** Text with fill-in-the-blank variables. */
  content: z._default(z.string(), ''),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
};

export const PromptSchema = z.object(promptShape);
export type Prompt = z.infer<typeof PromptSchema>;

export const promptEntity = defineEntity({
  name: 'prompt',
  version: PROMPT_SCHEMA_VERSION,
  shape: promptShape,
  keepUnknownFields: true,
});

export const parsePrompt = promptEntity.parse;
export const safeParsePrompt = promptEntity.safeParse;
