/**
 * Per-message membership filters over the bigrams and trigrams (UTF-16 units) of normalised
 * message text: Bloom filters whose bits for one gram sit in one 32-bit word. A query can only
 * match a message whose filter holds every gram of the query, so the index verifies (with
 * indexOf) only the messages that pass. False positives cost a verification; there are no false
 * negatives, so results stay exact (SE10). One-character queries need no filter: a plain scan for
 * one character runs at memchr speed and almost always stops early.
 *
 * Why filters per message and not one inverted index over all chats: a chat is indexed, replaced
 * and dropped on its own without touching any shared structure (incremental by construction),
 * memory is one typed array per chat, and most probes stop at the first missing gram, so checking
 * ~100,000 messages takes a few milliseconds.
 */

/** Filter bits per distinct gram before rounding up to a power of two: 4-8 bits, 3-15% false positives per gram. */
const BITS_PER_GRAM = 4;
/** Stands for "no character yet" at the start of a text, outside the UTF-16 range. */
const NONE = 0x10000;
/** Longer queries probe at most this many trigrams, spread over the query. */
const MAX_QUERY_GRAMS = 12;
const MIN_WORDS = 2;

/** Multiplicative hashing, then the high half folded into the low half (word index: low bits). */
function mix(key: number): number {
  const h = Math.imul(key, 0x9e3779b1);
  return h ^ (h >>> 16);
}

function bigramHash(b: number, c: number): number {
  return mix((b << 16) | c);
}

/** A trigram's 48 bits squeezed into 32 before mixing; a rare collision only costs a false positive. */
function trigramHash(a: number, b: number, c: number): number {
  return mix(Math.imul(a, 0x2545f491) ^ ((b << 16) | c));
}

/** Three bit positions from the high bits; the word comes from the low bits (sizes are powers of two). */
function bitsOf(hash: number): number {
  return (1 << (hash >>> 27)) | (1 << ((hash >>> 22) & 31)) | (1 << ((hash >>> 17) & 31));
}

function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

function powerOfTwoAtLeast(n: number): number {
  let p = MIN_WORDS;
  while (p < n) p *= 2;
  return p;
}

/** Reused between builds: filters are built one chat at a time, on one thread. */
let hashes = new Int32Array(1 << 16);
let hashCount = 0;
let scratch = new Uint32Array(1 << 12);
let chatBuffer = new Uint32Array(1 << 14);

/** Appends the hashes of a text's bigrams and trigrams to `hashes`. */
function collectGrams(text: string): void {
  if (hashes.length < hashCount + 2 * text.length) {
    const grown = new Int32Array(Math.max(hashes.length * 2, hashCount + 2 * text.length));
    grown.set(hashes.subarray(0, hashCount));
    hashes = grown;
  }
  let b = NONE;
  let a = NONE;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (b !== NONE) {
      hashes[hashCount++] = bigramHash(b, c);
      if (a !== NONE) hashes[hashCount++] = trigramHash(a, b, c);
    }
    a = b;
    b = c;
  }
}

/**
 * Builds the filter of hashes[from, to) into scratch[0, size) and returns size. It first fills a
 * filter sized for the worst case (every gram distinct), estimates the number of distinct grams
 * from its fill, and folds it (OR of equal halves, which keeps every bit a lookup needs) down to
 * the size that number calls for.
 */
function buildInScratch(from: number, to: number): number {
  const grams = to - from;
  const words = powerOfTwoAtLeast((grams * BITS_PER_GRAM) / 32);
  if (scratch.length < words) scratch = new Uint32Array(words);
  const bits = scratch;
  bits.fill(0, 0, words);
  const mask = words - 1;
  for (let i = from; i < to; i++) {
    const hash = hashes[i]!;
    bits[hash & mask] = bits[hash & mask]! | bitsOf(hash);
  }
  let ones = 0;
  for (let i = 0; i < words; i++) ones += popcount(bits[i]!);
  const totalBits = words * 32;
  // Linear counting with 3 bits per gram.
  const distinct = ones >= totalBits ? grams : (-totalBits / 3) * Math.log(1 - ones / totalBits);
  let size = words;
  while (size > MIN_WORDS && size / 2 >= (distinct * BITS_PER_GRAM) / 32) {
    size /= 2;
    for (let i = 0; i < size; i++) bits[i] = bits[i]! | bits[i + size]!;
  }
  return size;
}

/**
 * The filters of a chat: one for the whole chat, checked first (a rare query rules out most
 * chats with one probe), then one per message (a phrase's grams must all occur in one message,
 * far more selective than anywhere in the chat), stored back to back: message i's filter is
 * words[starts[i], starts[i + 1]).
 */
export interface MessageFilters {
  readonly chat: Uint32Array;
  readonly words: Uint32Array;
  readonly starts: Uint32Array;
}

/**
 * Highest share of set bits an extended chat filter may reach before it is rebuilt. A fresh
 * filter has 4-8 bits per distinct gram and 3 bits set per gram: 31-53% of its bits set.
 */
const MAX_EXTENDED_FILL = 0.6;

/** Appends `segment` to the chat buffer at `used`; returns the new end. */
function appendToChatBuffer(segment: Uint32Array, used: number): number {
  if (chatBuffer.length < used + segment.length) {
    const grown = new Uint32Array(Math.max(chatBuffer.length * 2, used + segment.length));
    grown.set(chatBuffer.subarray(0, used));
    chatBuffer = grown;
  }
  chatBuffer.set(segment, used);
  return used + segment.length;
}

/**
 * The message filters of a chat back to back, plus (in `hashes[0, hashCount)`) the grams of the
 * messages that were hashed: all of them, or only those `reuse` does not take from `previous`.
 */
function buildMessageWords(
  texts: readonly string[],
  previous?: MessageFilters,
  reuse?: Int32Array,
): { words: Uint32Array; starts: Uint32Array } {
  const starts = new Uint32Array(texts.length + 1);
  let used = 0;
  hashCount = 0;
  texts.forEach((text, i) => {
    const from = reuse?.[i] ?? -1;
    if (previous && from >= 0) {
      used = appendToChatBuffer(
        previous.words.subarray(previous.starts[from], previous.starts[from + 1]),
        used,
      );
    } else {
      const first = hashCount;
      collectGrams(text);
      // buildInScratch may replace `scratch` with a larger array: read it only after the call.
      const size = buildInScratch(first, hashCount);
      used = appendToChatBuffer(scratch.subarray(0, size), used);
    }
    starts[i + 1] = used;
  });
  return { words: chatBuffer.slice(0, used), starts };
}

/** Builds the filters of a chat from its normalised message texts (grams never span two messages). */
export function buildMessageFilters(texts: readonly string[]): MessageFilters {
  const { words, starts } = buildMessageWords(texts);
  const chatSize = buildInScratch(0, hashCount);
  return { chat: scratch.slice(0, chatSize), words, starts };
}

/**
 * The filters of a chat after an edit, reusing what did not change: message i takes message
 * `reuse[i]` of `previous` as it was (its text is unchanged), or -1 to be hashed anew. The chat
 * filter is the previous one with the new messages' grams added, so a streamed answer re-hashes
 * only the message that grew, not the 5,000 before it. Grams of text that is gone stay set: that
 * can only let a chat through to verification (SE10 holds); once the filter fills up past
 * MAX_EXTENDED_FILL it is built afresh.
 */
export function rebuildMessageFilters(
  texts: readonly string[],
  previous: MessageFilters,
  reuse: Int32Array,
): MessageFilters {
  const { words, starts } = buildMessageWords(texts, previous, reuse);
  const chat = previous.chat.slice();
  const mask = chat.length - 1;
  for (let i = 0; i < hashCount; i++) {
    const hash = hashes[i]!;
    chat[hash & mask] = chat[hash & mask]! | bitsOf(hash);
  }
  let ones = 0;
  for (let i = 0; i < chat.length; i++) ones += popcount(chat[i]!);
  if (ones > chat.length * 32 * MAX_EXTENDED_FILL) return buildMessageFilters(texts);
  return { chat, words, starts };
}

/** The gram hashes a chat must hold to possibly contain `query` (already normalised). */
export function queryGramHashes(query: string): Int32Array {
  const units = Array.from({ length: query.length }, (_, i) => query.charCodeAt(i));
  if (units.length < 2) return new Int32Array(0);
  if (units.length === 2) return Int32Array.of(bigramHash(units[0]!, units[1]!));
  const trigrams = units.length - 2;
  const picked = new Set<number>();
  const step = Math.max(1, trigrams / MAX_QUERY_GRAMS);
  for (let k = 0; k < trigrams; k += step) picked.add(Math.floor(k));
  picked.add(trigrams - 1);
  return Int32Array.from([...picked], (i) => trigramHash(units[i]!, units[i + 1]!, units[i + 2]!));
}

/** Whether the chat may contain every gram somewhere (false: it certainly does not). */
export function chatMayContain(filters: MessageFilters, grams: Int32Array): boolean {
  const { chat } = filters;
  const mask = chat.length - 1;
  for (let i = 0; i < grams.length; i++) {
    const hash = grams[i]!;
    const want = bitsOf(hash);
    if ((chat[hash & mask]! & want) !== want) return false;
  }
  return true;
}

/** Whether message `message` may contain every gram (false: it certainly does not). */
export function messageMayContain(filters: MessageFilters, message: number, grams: Int32Array): boolean {
  const start = filters.starts[message]!;
  const mask = filters.starts[message + 1]! - start - 1;
  const { words } = filters;
  for (let i = 0; i < grams.length; i++) {
    const hash = grams[i]!;
    const want = bitsOf(hash);
    if ((words[start + (hash & mask)]! & want) !== want) return false;
  }
  return true;
}
