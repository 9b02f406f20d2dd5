import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { chatEntity, ChatSchema } from '../../src/entities/chat';
import { asIsTestOf } from '../../src/entities/entity-parser';
import { MessageSchema, messageEntity } from '../../src/entities/message';
import { isCanonicalTimestamp, timestampField } from '../../src/entities/timestamps';

/**
 * The entity parse takes a field's value as it is, without its zod call, when the field's as-is
 * test says the schema would give it back unchanged (issue #32: a chat's parse was most of a
 * sync's CPU). These tests hold that promise for every field of a chat and a message.
 */
const samples: unknown[] = [
  undefined,
  null,
  '',
  'text',
  'user',
  'assistant',
  'tool-response',
  0,
  -1,
  1.5,
  Number.NaN,
  true,
  false,
  [],
  ['a'],
  {},
  { a: 1 },
  '2026-01-01T00:00:00.000Z',
  '2024-02-29T23:59:59.999Z',
  '2023-02-29T00:00:00.000Z',
  '2026-01-01T00:00:00Z',
  '2026-01-01',
  1_700_000_000_000,
];

describe('entity parse: values taken as they are', () => {
  for (const [entity, shape] of [
    ['chat', ChatSchema.def.shape],
    ['message', MessageSchema.def.shape],
  ] as const) {
    it(`every ${entity} field's as-is test only holds for values its schema gives back unchanged`, () => {
      let tested = 0;
      for (const [key, schema] of Object.entries(shape) as [string, z.core.$ZodType][]) {
        const asIs = asIsTestOf(schema);
        if (!asIs) continue;
        tested += 1;
        for (const value of samples) {
          if (!asIs(value)) continue;
          const parsed = z.safeParse(schema, value);
          expect(parsed.success, `${entity}.${key} ${String(value)}`).toBe(true);
          expect(Object.is(parsed.data, value), `${entity}.${key} ${String(value)}`).toBe(true);
        }
      }
      expect(tested).toBeGreaterThan(5);
    });
  }

  it('a timestamp is canonical exactly when its schema gives it back unchanged', () => {
    const texts: string[] = [];
    for (const year of ['0000', '1900', '2000', '2023', '2024', '2100', '9999'])
      for (let month = 0; month <= 13; month += 1)
        for (const day of [0, 1, 28, 29, 30, 31, 32])
          for (const time of ['00:00:00.000', '23:59:59.999', '24:00:00.000', '12:60:00.000', '12:00:60.000'])
            texts.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${time}Z`);
    texts.push('2026-01-01T00:00:00.000+00:00', '2026-01-01T00:00:00.00Z', ' 2026-01-01T00:00:00.000Z', '');
    for (const text of texts) {
      const parsed = z.safeParse(timestampField, text);
      expect(isCanonicalTimestamp(text), text).toBe(parsed.success && parsed.data === text);
    }
  });

  it('timestamps in other forms are still normalised, and bad ones reported', () => {
    const parsed = messageEntity.safeParse({
      id: 'm1',
      role: 'user',
      content: 'hi',
      createdAt: 1_700_000_000_000,
      updatedAt: '2023-02-29T00:00:00.000Z',
    });
    expect(parsed.success && parsed.data.createdAt).toBe('2023-11-14T22:13:20.000Z');
    expect(parsed.success && parsed.data.updatedAt).toBe('2023-03-01T00:00:00.000Z');
    const chat = chatEntity.safeParse({
      id: 'c1',
      createdAt: 'not a date',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(chat.success && chat.data.createdAt).toBe('1970-01-01T00:00:00.000Z');
    expect(chat.issues.map((issue) => issue.path)).toContain('createdAt');
  });

  it('a value outside a field’s enum still goes through its schema and is reported', () => {
    const parsed = messageEntity.safeParse({ id: 'm1', role: 'wizard', content: 'hi' });
    expect(parsed.success).toBe(false);
    expect(parsed.issues[0]?.path).toBe('role');
  });
});
