/**
 * Random ids come in through this port so tests get predictable ids.
 */
export interface IdGenerator {
  /** A new unique id, URL-safe, without any prefix. */
  randomId(): string;
}

interface WebCryptoLike {
  randomUUID?: () => string;
  getRandomValues?: (array: Uint8Array) => Uint8Array;
}

function webCrypto(): WebCryptoLike | undefined {
  return (globalThis as { crypto?: WebCryptoLike }).crypto;
}

/** Ids from the platform's cryptographic random source, falling back to Math.random on old engines. */
export const randomIdGenerator: IdGenerator = {
  randomId() {
    const crypto = webCrypto();
    if (crypto?.randomUUID) return crypto.randomUUID().replaceAll('-', '');
    const bytes = new Uint8Array(16);
    if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
    else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  },
};

/** Predictable ids for tests: `id1`, `id2`, … (optionally with a seed prefix to keep two generators apart). */
export class SequentialIdGenerator implements IdGenerator {
  private counter = 0;

  constructor(private readonly seed = 'id') {}

  randomId(): string {
    this.counter += 1;
    return `${this.seed}${this.counter}`;
  }
}
