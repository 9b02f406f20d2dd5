import { describe, expect, it } from 'vitest';
import { FakeClock, isoNow } from '../../src/platform/clock';
import { randomIdGenerator, SequentialIdGenerator } from '../../src/platform/id-generator';
import { stableHash } from '../../src/platform/stable-hash';

describe('platform ports', () => {
  it('the fake clock moves only when told', () => {
    const clock = new FakeClock('2024-01-01T00:00:00.000Z');
    expect(isoNow(clock)).toBe('2024-01-01T00:00:00.000Z');
    clock.advance(1500);
    expect(isoNow(clock)).toBe('2024-01-01T00:00:01.500Z');
  });

  it('ids: sequential for tests, random and unique otherwise', () => {
    const ids = new SequentialIdGenerator('x');
    expect([ids.randomId(), ids.randomId()]).toEqual(['x1', 'x2']);
    const random = new Set(Array.from({ length: 100 }, () => randomIdGenerator.randomId()));
    expect(random.size).toBe(100);
    for (const id of random) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('stableHash is deterministic, 128-bit hex and sensitive to every character', () => {
    expect(stableHash('ch-1\u00000\u0000"Hello"')).toBe(stableHash('ch-1\u00000\u0000"Hello"'));
    expect(stableHash('abc')).toMatch(/^[0-9a-f]{32}$/);
    expect(stableHash('abc')).not.toBe(stableHash('abd'));
    expect(stableHash('')).not.toBe(stableHash(' '));
    // Pinned value: changing the function would change the ids of every migrated message.
    expect(stableHash('parley')).toMatchInlineSnapshot(`"4330624d4abe3baf71660c78b5ea583f"`);
  });
});
