/**
 * The best `k` of many scored items without sorting them all (decision 0133): a heap of the `k`
 * kept, the worst on top, so an item that does not beat it costs one comparison. Equal scores are
 * ordered by `order` (lower first), as a stable sort of the items in that order would leave them.
 */
export class TopK<T> {
  private readonly scores: number[] = [];
  private readonly orders: number[] = [];
  private readonly items: T[] = [];

  constructor(private readonly k: number) {}

  /** The score an item must beat to be kept (-Infinity until `k` are kept). */
  get floor(): number {
    return this.items.length < this.k ? -Infinity : this.scores[0]!;
  }

  get size(): number {
    return this.items.length;
  }

  /** True when `a` ranks below `b`. */
  private below(a: number, b: number): boolean {
    const sa = this.scores[a]!;
    const sb = this.scores[b]!;
    return sa < sb || (sa === sb && this.orders[a]! > this.orders[b]!);
  }

  private swap(a: number, b: number): void {
    [this.scores[a], this.scores[b]] = [this.scores[b]!, this.scores[a]!];
    [this.orders[a], this.orders[b]] = [this.orders[b]!, this.orders[a]!];
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
  }

  /** Keeps the item if it is among the best `k` so far (a NaN score never is). */
  offer(score: number, order: number, item: T): void {
    if (this.k <= 0 || Number.isNaN(score)) return;
    const size = this.items.length;
    if (size < this.k) {
      this.scores.push(score);
      this.orders.push(order);
      this.items.push(item);
      for (let i = size; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!this.below(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const top = this.scores[0]!;
    if (score < top || (score === top && order > this.orders[0]!)) return;
    this.scores[0] = score;
    this.orders[0] = order;
    this.items[0] = item;
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let lowest = i;
      if (left < size && this.below(left, lowest)) lowest = left;
      if (right < size && this.below(right, lowest)) lowest = right;
      if (lowest === i) break;
      this.swap(i, lowest);
      i = lowest;
    }
  }

  /** The items kept, best first. */
  best(): T[] {
    return this.items
      .map((item, i) => ({ item, score: this.scores[i]!, order: this.orders[i]! }))
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .map(({ item }) => item);
  }
}
