import { z } from 'zod/mini';
import { defineEntity, schemaVersionField } from './entity-parser';
import { EPOCH_ISO, timestampField } from './timestamps';

/** Tokens and cost of one answer, appended when it finishes; the Usage screen sums them by range. */
export const USAGE_RECORD_SCHEMA_VERSION = 1;

const count = z._default(z.number().check(z.nonnegative()), 0);

const usageRecordShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  recordedAt: timestampField,
  totalCostUSD: count,
  totalTokens: count,
  /** Tokens spent on enhancements (titles, keywords, search context). */
  enhancedTokens: count,
  enhancedCostUSD: count,
  messageTokens: count,
  messageCostUSD: count,
  model: z._default(z.nullable(z.string()), null),
  chatID: z._default(z.nullable(z.string()), null),
  updatedAt: timestampField,
};

export const UsageRecordSchema = z.object(usageRecordShape);
export type UsageRecord = z.infer<typeof UsageRecordSchema>;

export const usageRecordEntity = defineEntity({
  name: 'usage record',
  version: USAGE_RECORD_SCHEMA_VERSION,
  shape: usageRecordShape,
  keepUnknownFields: false,
  // Records are append-only: a missing updatedAt is the time the usage was recorded.
  finish: (record) => (record.updatedAt === EPOCH_ISO ? { ...record, updatedAt: record.recordedAt } : record),
});

export const parseUsageRecord = usageRecordEntity.parse;
export const safeParseUsageRecord = usageRecordEntity.safeParse;
