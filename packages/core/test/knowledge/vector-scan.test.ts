import { describe, expect, it } from 'vitest';
import { KnowledgeIndex, splitIntoPassages, type KnowledgeIndexSnapshot } from '../../src/knowledge';
import { TopK } from '../../src/knowledge/top-k';
import { dotRows, packRows, unpackRows } from '../../src/knowledge/vector-rows';

/** mulberry32: the same random data on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The simple reference: every row's dot product, one after another. */
function referenceDots(query: ArrayLike<number>, values: Float32Array, dimensions: number): number[] {
  const dots: number[] = [];
  for (let row = 0; row * dimensions < values.length; row++) {
    let sum = 0;
    for (let i = 0; i < dimensions; i++) sum += query[i]! * values[row * dimensions + i]!;
    dots.push(sum);
  }
  return dots;
}

/** The simple reference: a stable sort of everything, best first, then the first k. */
function referenceTop(scores: readonly number[], k: number): number[] {
  return scores
    .map((score, i) => ({ score, i }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map(({ i }) => i);
}

const randomValues = (random: () => number, length: number) =>
  Float32Array.from({ length }, () => random() * 2 - 1);

describe('vector rows (KB36)', () => {
  it('KB36: packed rows score the same as the plain dot product, for any count of rows and length', () => {
    const random = seeded(36);
    for (const dimensions of [1, 3, 4, 7, 8, 13, 64]) {
      for (const rows of [0, 1, 7, 8, 9, 16, 23, 50]) {
        const values = randomValues(random, rows * dimensions);
        const query = randomValues(random, dimensions);
        const packed = packRows(values, dimensions);
        expect(packed.length).toBe(values.length);
        expect(unpackRows(packed, dimensions)).toEqual(values);
        const scores = new Float64Array(rows + 3);
        dotRows(Float64Array.from(query), packed, dimensions, scores);
        const reference = referenceDots(query, values, dimensions);
        const gaps = reference.map((dot, row) => Math.abs(scores[row]! - dot));
        expect(Math.max(0, ...gaps)).toBeLessThan(1e-10);
      }
    }
  });

  it('KB36: equal rows score exactly the same, in a group of eight or among the rows left over', () => {
    const random = seeded(8);
    const dimensions = 11;
    const row = randomValues(random, dimensions);
    const values = new Float32Array(13 * dimensions);
    for (let i = 0; i < 13; i++) values.set(row, i * dimensions);
    const scores = new Float64Array(13);
    dotRows(
      Float64Array.from(randomValues(random, dimensions)),
      packRows(values, dimensions),
      dimensions,
      scores,
    );
    expect(new Set(scores).size).toBe(1);
  });
});

describe('TopK', () => {
  it('keeps the same best items as a stable sort of all of them, ties in their order', () => {
    const random = seeded(5);
    for (const count of [0, 1, 5, 40, 41, 200, 1000]) {
      for (const k of [1, 3, 40]) {
        // Few distinct scores: many ties, which must keep the items' order.
        const scores = Array.from({ length: count }, () => Math.floor(random() * 12) / 4);
        const top = new TopK<number>(k);
        scores.forEach((score, i) => top.offer(score, i, i));
        expect(top.best()).toEqual(referenceTop(scores, k));
      }
    }
  });

  it('orders ties by the order given, whatever the order they are offered in; a NaN is never kept', () => {
    const top = new TopK<string>(2);
    top.offer(1, 3, 'c');
    top.offer(1, 1, 'a');
    top.offer(Number.NaN, 0, 'nan');
    top.offer(1, 2, 'b');
    expect(top.best()).toEqual(['a', 'b']);
    expect(top.floor).toBe(1);
  });
});

describe('KnowledgeIndex vector scan (KB33, KB36)', () => {
  const dimensions = 24;

  /** Documents of 1 to 30 passages with random unit vectors, some rows repeated (exact ties). */
  function randomIndex(seed: number) {
    const random = seeded(seed);
    const index = new KnowledgeIndex();
    const rows: { documentId: string; passageIndex: number; vector: Float32Array }[] = [];
    const shared = randomValues(random, dimensions);
    for (let d = 0; d < 12; d++) {
      const count = 1 + Math.floor(random() * 30);
      const text = Array.from({ length: count }, (_, i) => `Paragraph ${i} of document ${d}.`).join('\n\n');
      const passages = splitIntoPassages(text, { maxTokens: 8, overlapTokens: 0 });
      const values = new Float32Array(passages.length * dimensions);
      passages.forEach((_, i) => {
        const vector = random() < 0.2 ? shared : randomValues(random, dimensions);
        let norm = 0;
        for (const value of vector) norm += value * value;
        const unit = vector.map((value) => value / Math.sqrt(norm));
        values.set(unit, i * dimensions);
        rows.push({ documentId: `d${d}`, passageIndex: i, vector: unit });
      });
      index.add({ id: `d${d}`, name: `d${d}.md`, projectId: null }, passages, { values, modelKey: 'm' });
    }
    return { index, rows, random };
  }

  it('KB33/KB36: the nearest passages are those of a plain scan and stable sort, on random data', () => {
    for (const seed of [1, 2, 3]) {
      const { index, rows, random } = randomIndex(seed);
      const query = randomValues(random, dimensions);
      // No word of the question is in any passage: the ranking is the vectors' alone.
      const hits = index.search({ text: 'zzz', vector: query, scopes: [null], limit: 40 });
      const dots = rows.map(({ vector }) => referenceDots(query, vector, dimensions)[0]!);
      const expected = referenceTop(dots, 40).map((i) => `${rows[i]!.documentId}#${rows[i]!.passageIndex}`);
      expect(hits.map((hit) => `${hit.documentId}#${hit.passageIndex}`)).toEqual(expected);
    }
  });

  it('KB35: an index saved before KB36 (rows one after another) loads with its vectors and answers the same', () => {
    const { index, random } = randomIndex(4);
    const saved = structuredClone(index.snapshot());
    const legacy = {
      ...saved,
      format: 2,
      documents: saved.documents.map((entry) => ({
        ...entry,
        vectors: entry.vectors && unpackRows(entry.vectors, saved.dimensions),
      })),
    } as unknown as KnowledgeIndexSnapshot;
    const query = { text: 'paragraph', vector: randomValues(random, dimensions), scopes: [null] };
    expect(KnowledgeIndex.fromSnapshot(legacy).search(query)).toEqual(index.search(query));
    expect(() => KnowledgeIndex.fromSnapshot({ ...saved, format: 9 } as never)).toThrow(/format/);
  });
});
