/**
 * A synchronous, deterministic 128-bit hash as 32 hex characters: four 32-bit FNV-style lanes with
 * distinct seeds and primes, each finished with the murmur3 mixer. Not cryptographic: used where two
 * devices must derive the same id from the same data (ids for old messages that had none), so it
 * must never depend on randomness, time or the platform.
 */
export function stableHash(text: string): string {
  const lanes = [
    [0x811c9dc5, 0x01000193],
    [0x9e3779b1, 0x5bd1e995],
    [0x85ebca77, 0x27d4eb2d],
    [0xc2b2ae3d, 0x165667b1],
  ] as const;
  return lanes
    .map(([seed, prime]) => {
      let h = seed >>> 0;
      for (let i = 0; i < text.length; i++) {
        h ^= text.charCodeAt(i);
        h = Math.imul(h, prime) >>> 0;
        h ^= h >>> 13;
      }
      // Final avalanche (murmur3 fmix32) so near-identical inputs spread across all bits.
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b) >>> 0;
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35) >>> 0;
      h ^= h >>> 16;
      return (h >>> 0).toString(16).padStart(8, '0');
    })
    .join('');
}
