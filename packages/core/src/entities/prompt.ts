import { z } from 'zod';
import { defineEntity, schemaVersionField } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

export const PROMPT_SCHEMA_VERSION = 1;

const promptShape = {
  schemaVersion: schemaVersionField,
  id: z.string().min(1),
  title: z.string().default(''),
  /** Text with fill-in-the-blank variables. */
  content: z.string().default(''),
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
