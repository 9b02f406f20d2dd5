import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity } from '../../src/entities/entity-parser';

/** A record type with every kind of field the skip for absent optional fields must tell apart. */
const noteEntity = defineEntity({
  name: 'note',
  version: 1,
  keepUnknownFields: false,
  shape: {
    id: z.string().min(1),
    title: z.string().default('Untitled'),
    tags: z.array(z.string()).default(() => []),
    pinned: z.boolean().optional(),
    stamp: z
      .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string())
      .optional(),
    body: z.string(),
  },
});

describe('defineEntity: absent optional fields', () => {
  it('an absent optional field stays absent, an absent defaulted field takes its default', () => {
    const parsed = noteEntity.safeParse({ id: 'n1', body: 'text' });
    expect(parsed).toMatchObject({ success: true, issues: [] });
    const data = parsed.success ? parsed.data : undefined;
    expect(data).toEqual({ id: 'n1', title: 'Untitled', tags: [], body: 'text', schemaVersion: 1 });
    expect(Object.hasOwn(data ?? {}, 'pinned')).toBe(false);
    expect(Object.hasOwn(data ?? {}, 'stamp')).toBe(false);
  });

  it('a present optional field still goes through its schema (transforms and refusals)', () => {
    expect(noteEntity.parse({ id: 'n1', body: '', stamp: 12, pinned: true })).toMatchObject({
      stamp: '12',
      pinned: true,
    });
    const bad = noteEntity.safeParse({ id: 'n1', body: '', pinned: 'yes' });
    expect(bad.success).toBe(true);
    expect(bad.issues.map((issue) => issue.path)).toEqual(['pinned']);
  });

  it('a required field without a default is still refused when absent', () => {
    const missing = noteEntity.safeParse({ id: 'n1' });
    expect(missing.success).toBe(false);
    expect(missing.issues.map((issue) => issue.path)).toEqual(['body']);
  });

  it('each parse gets its own default value, never a shared one', () => {
    const first = noteEntity.parse({ id: 'a', body: '' });
    const second = noteEntity.parse({ id: 'b', body: '' });
    expect(first.tags).not.toBe(second.tags);
  });
});
