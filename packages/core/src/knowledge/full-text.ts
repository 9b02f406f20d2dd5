/**
 * KB32: BM25 over the passages' words, kept as posting lists of passage numbers (decision 0106).
 * Orama and MiniSearch were measured first: at 50,000 passages a query of common words took seconds
 * in both (they build a result object per matching passage and sort them all); here a query adds
 * into one array of scores and keeps the best few, and the lists are saved as typed arrays.
 */

const K1 = 1.2;
const B = 0.75;

type Postings = { passages: number[]; counts: number[] };

/** What the index saves: typed arrays and strings, which IndexedDB stores as they are. */
export type FullTextSnapshot = {
  ids: (string | null)[];
  lengths: Uint16Array;
  terms: [term: string, passages: Int32Array, counts: Uint16Array][];
};

export class FullTextIndex {
  /** A passage's id by its number; null once removed. */
  private ids: (string | null)[] = [];
  private readonly numbers = new Map<string, number>();
  private lengths: number[] = [];
  private readonly terms = new Map<string, Postings>();
  private live = 0;
  private totalLength = 0;
  /** The scores of one query, by passage number, reused (zeroed where touched) by the next. */
  private scores = new Float64Array(0);

  static fromSnapshot(snapshot: FullTextSnapshot): FullTextIndex {
    const index = new FullTextIndex();
    index.ids = snapshot.ids;
    index.lengths = Array.from(snapshot.lengths);
    snapshot.ids.forEach((id, number) => {
      if (id === null) return;
      index.numbers.set(id, number);
      index.live++;
      index.totalLength += index.lengths[number]!;
    });
    for (const [term, passages, counts] of snapshot.terms) {
      index.terms.set(term, { passages: Array.from(passages), counts: Array.from(counts) });
    }
    return index;
  }

  snapshot(): FullTextSnapshot {
    const terms: FullTextSnapshot['terms'] = [];
    for (const [term, postings] of this.terms) {
      const keep = postings.passages
        .map((number, i) => i)
        .filter((i) => this.ids[postings.passages[i]!] !== null);
      if (keep.length === 0) continue;
      terms.push([
        term,
        Int32Array.from(keep, (i) => postings.passages[i]!),
        Uint16Array.from(keep, (i) => Math.min(65_535, postings.counts[i]!)),
      ]);
    }
    return { ids: [...this.ids], lengths: Uint16Array.from(this.lengths, (n) => Math.min(65_535, n)), terms };
  }

  /** In how many live passages a term is (KB32's common words). */
  frequency(term: string): number {
    const postings = this.terms.get(term);
    if (!postings) return 0;
    // No passage ever removed (no null id): every posting is live.
    if (this.live === this.ids.length) return postings.passages.length;
    let count = 0;
    for (const number of postings.passages) if (this.ids[number] !== null) count++;
    return count;
  }

  get size(): number {
    return this.live;
  }

  add(id: string, terms: readonly string[]): void {
    this.remove(id);
    const number = this.ids.length;
    this.ids.push(id);
    this.numbers.set(id, number);
    this.lengths.push(terms.length);
    this.live++;
    this.totalLength += terms.length;
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) {
      let postings = this.terms.get(term);
      if (!postings) this.terms.set(term, (postings = { passages: [], counts: [] }));
      postings.passages.push(number);
      postings.counts.push(count);
    }
  }

  /** The passage is left out from now on; its postings go at the next save. */
  remove(id: string): void {
    const number = this.numbers.get(id);
    if (number === undefined) return;
    this.numbers.delete(id);
    this.ids[number] = null;
    this.live--;
    this.totalLength -= this.lengths[number]!;
  }

  /** The best `limit` passages for the terms, by BM25, among those `allowed` says yes to. */
  search(terms: readonly string[], limit: number, allowed?: (id: string) => boolean): string[] {
    if (this.live === 0) return [];
    if (this.scores.length < this.ids.length) {
      this.scores = new Float64Array(Math.max(this.ids.length, this.scores.length * 2));
    }
    const scores = this.scores;
    const touched: number[] = [];
    const average = this.totalLength / this.live;
    for (const term of new Set(terms)) {
      const postings = this.terms.get(term);
      if (!postings) continue;
      const frequency = this.frequency(term);
      if (frequency === 0) continue;
      const idf = Math.log(1 + (this.live - frequency + 0.5) / (frequency + 0.5));
      const { passages, counts } = postings;
      for (let i = 0; i < passages.length; i++) {
        const number = passages[i]!;
        if (this.ids[number] === null) continue;
        const count = counts[i]!;
        const norm = K1 * (1 - B + (B * this.lengths[number]!) / average);
        if (scores[number] === 0) touched.push(number);
        scores[number] = scores[number]! + (idf * count * (K1 + 1)) / (count + norm);
      }
    }
    const best: number[] = [];
    let floor = 0;
    for (const number of touched) {
      const score = scores[number]!;
      if (best.length >= limit && score <= floor) continue;
      if (allowed && !allowed(this.ids[number]!)) continue;
      best.push(number);
      if (best.length > limit * 4) {
        best.sort((a, b) => scores[b]! - scores[a]!);
        best.length = limit;
        floor = scores[best[limit - 1]!]!;
      }
    }
    const found = best
      .sort((a, b) => scores[b]! - scores[a]!)
      .slice(0, limit)
      .map((number) => this.ids[number]!);
    for (const number of touched) scores[number] = 0;
    return found;
  }
}
