import { FullTextIndex, type FullTextSnapshot } from './full-text';
import type { KnowledgeHit } from './knowledge-context';
import { passageSearchText, type Passage } from './passages';
import { searchTerm } from './search-terms';
import { TopK } from './top-k';
import { dotRows, packRows } from './vector-rows';

/**
 * KB30-KB36: the knowledge base's hybrid index (decision 0106). Full text is BM25 over posting lists
 * (full-text.ts); the vectors are one Float32Array per document, unit length, laid out for the
 * scan (vector-rows.ts, KB36) and searched by dot product. The two rankings are merged by
 * reciprocal rank (KB33). Platform-neutral: the web app runs it in a worker, the bench directly.
 */

/** The scope a document belongs to: a project's id, or the global base. */
export const GLOBAL_SCOPE = '__global';
export const scopeOf = (projectId: string | null) => projectId ?? GLOBAL_SCOPE;

export type IndexedDocument = { id: string; name: string; projectId: string | null };

type StoredPassage = Pick<Passage, 'heading' | 'text' | 'start' | 'end'>;

type DocumentEntry = IndexedDocument & {
  passages: StoredPassage[];
  /** `passages × dimensions` values, rows of unit length packed for the scan (KB36); null without. */
  vectors: Float32Array | null;
};

export type KnowledgeQuery = {
  text: string;
  /** The question's vector (unit length), from the same model as the passages'. */
  vector?: Float32Array | undefined;
  /** The scopes searched (KB34): a project's and the global one, or the global one alone. */
  scopes: readonly (string | null)[];
  limit?: number | undefined;
};

/** What the index saves (KB35): plain data and typed arrays, which IndexedDB stores as they are. */
export type KnowledgeIndexSnapshot = {
  format: typeof KNOWLEDGE_INDEX_FORMAT;
  fullText: FullTextSnapshot;
  documents: DocumentEntry[];
  dimensions: number;
  modelKey: string | null;
};
/** 3: vectors packed for the scan (KB36); 2 (rows one after another) is still read. */
export const KNOWLEDGE_INDEX_FORMAT = 3;
const ROWS_FORMAT = 2;

/** What an index saved before KB36 looks like: the same, its vectors rows one after another. */
type RowsSnapshot = Omit<KnowledgeIndexSnapshot, 'format'> & { format: typeof ROWS_FORMAT };

/** KB33: reciprocal rank fusion's constant (60, as in Cormack et al.). */
const RRF_K = 60;
/** How deep each ranking is read before they are merged. */
const CANDIDATES = 40;

/**
 * KB32: a question's words that are in more than this share of the passages are left out of the
 * full-text query (their weight in BM25 is near nothing, and their long lists made a query over
 * 50,000 passages take 300 ms); the rarest few are always kept.
 */
const COMMON_SHARE = 0.05;
const ALWAYS_KEPT = 3;
const WORD = /[\p{L}\p{N}]+/gu;

function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const term = searchTerm(match[0]);
    if (term) terms.push(term);
  }
  return terms;
}

const passageId = (documentId: string, index: number) => `${documentId}#${index}`;

function splitId(id: string): [string, number] {
  const hash = id.lastIndexOf('#');
  return [id.slice(0, hash), Number(id.slice(hash + 1))];
}

export class KnowledgeIndex {
  private fullText = new FullTextIndex();
  private readonly documents = new Map<string, DocumentEntry>();
  /** One document's row scores, reused by every scan. */
  private rowScores = new Float64Array(0);
  /** The vectors' length and the model they came from (KB24: another model means a re-index). */
  dimensions = 0;
  modelKey: string | null = null;

  static fromSnapshot(snapshot: KnowledgeIndexSnapshot | RowsSnapshot): KnowledgeIndex {
    const format: number = snapshot.format;
    if (format !== KNOWLEDGE_INDEX_FORMAT && format !== ROWS_FORMAT) {
      throw new Error('unknown knowledge index format');
    }
    const index = new KnowledgeIndex();
    index.fullText = FullTextIndex.fromSnapshot(snapshot.fullText);
    for (const entry of snapshot.documents) {
      // KB35: an index saved before KB36 keeps its vectors, packed as it loads.
      const vectors =
        format === ROWS_FORMAT && entry.vectors
          ? packRows(entry.vectors, snapshot.dimensions)
          : entry.vectors;
      index.documents.set(entry.id, { ...entry, vectors });
    }
    index.dimensions = snapshot.dimensions;
    index.modelKey = snapshot.modelKey;
    return index;
  }

  snapshot(): KnowledgeIndexSnapshot {
    return {
      format: KNOWLEDGE_INDEX_FORMAT,
      fullText: this.fullText.snapshot(),
      documents: [...this.documents.values()],
      dimensions: this.dimensions,
      modelKey: this.modelKey,
    };
  }

  has(documentId: string): boolean {
    return this.documents.has(documentId);
  }

  documentIds(): string[] {
    return [...this.documents.keys()];
  }

  /**
   * KB30: a document's passages (replacing what it had). `vectors` holds one unit-length row per
   * passage, concatenated; the first document with vectors sets the index's length and model.
   */
  add(
    indexed: IndexedDocument,
    passages: readonly Passage[],
    vectors?: { values: Float32Array; modelKey: string } | undefined,
  ): void {
    this.remove(indexed.id);
    let kept: Float32Array | null = null;
    if (vectors && passages.length > 0) {
      const dimensions = vectors.values.length / passages.length;
      if (!Number.isInteger(dimensions)) throw new Error('one vector per passage is needed');
      if (this.modelKey === null || this.documentsWithVectors() === 0) {
        this.modelKey = vectors.modelKey;
        this.dimensions = dimensions;
      }
      // KB24: vectors of another model are not mixed in; the document is found by its words alone.
      if (this.modelKey === vectors.modelKey && this.dimensions === dimensions) {
        kept = packRows(vectors.values, dimensions);
      }
    }
    passages.forEach((passage, i) =>
      this.fullText.add(passageId(indexed.id, i), termsOf(`${indexed.name}\n${passageSearchText(passage)}`)),
    );
    const entry: DocumentEntry = {
      ...indexed,
      passages: passages.map(({ heading, text, start, end }) => ({ heading, text, start, end })),
      vectors: kept,
    };
    this.documents.set(indexed.id, entry);
  }

  /** KB32: the question's words worth searching: the common ones left out, the rarest few kept. */
  private queryTerms(text: string): string[] {
    const frequency = new Map<string, number>();
    for (const term of new Set(termsOf(text))) {
      const count = this.fullText.frequency(term);
      if (count > 0) frequency.set(term, count);
    }
    const terms = [...frequency.keys()].sort((a, b) => frequency.get(a)! - frequency.get(b)!);
    const limit = Math.max(1, this.fullText.size * COMMON_SHARE);
    return terms.filter((term, i) => i < ALWAYS_KEPT || frequency.get(term)! <= limit);
  }

  /** KB31: a document and every passage of it. */
  remove(documentId: string): boolean {
    const entry = this.documents.get(documentId);
    if (!entry) return false;
    entry.passages.forEach((_, i) => this.fullText.remove(passageId(documentId, i)));
    this.documents.delete(documentId);
    return true;
  }

  /** KB24: every vector dropped (another model was chosen); the words stay searchable. */
  dropVectors(): void {
    for (const entry of this.documents.values()) entry.vectors = null;
    this.modelKey = null;
    this.dimensions = 0;
  }

  documentsWithVectors(): number {
    let count = 0;
    for (const entry of this.documents.values()) if (entry.vectors) count++;
    return count;
  }

  /** KB32-KB34: the best passages for a question, full text and vectors merged. */
  search(query: KnowledgeQuery): KnowledgeHit[] {
    const limit = query.limit ?? 10;
    const scopes = new Set(query.scopes.map(scopeOf));
    const inScope = (documentId: string) => {
      const entry = this.documents.get(documentId);
      return entry !== undefined && scopes.has(scopeOf(entry.projectId));
    };
    const terms = this.queryTerms(query.text);
    const everyScope = [...this.documents.values()].every((entry) => scopes.has(scopeOf(entry.projectId)));
    const text = this.fullText.search(
      terms,
      CANDIDATES,
      everyScope ? undefined : (id) => inScope(splitId(id)[0]),
    );
    const vector =
      query.vector && query.vector.length === this.dimensions ? this.nearest(query.vector, scopes) : [];
    const scores = new Map<string, number>();
    text.forEach((id, rank) => scores.set(id, 1 / (RRF_K + rank + 1)));
    vector.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));
    const ranked = [...scores].sort((a, b) => b[1] - a[1]).slice(0, limit);
    const hits: KnowledgeHit[] = [];
    for (const [id, score] of ranked) {
      const [documentId, passageIndex] = splitId(id);
      const entry = this.documents.get(documentId);
      const passage = entry?.passages[passageIndex];
      if (!entry || !passage) continue;
      hits.push({ documentId, documentName: entry.name, passageIndex, ...passage, score });
    }
    return hits;
  }

  /**
   * The passages nearest the vector (dot product of unit vectors: the cosine), exactly: every row of
   * the documents in scope is scored (KB36), the best kept by a heap; equal scores in the order the
   * documents were added.
   */
  private nearest(vector: Float32Array, scopes: ReadonlySet<string>): string[] {
    const dimensions = this.dimensions;
    const query = Float64Array.from(vector);
    const best = new TopK<string>(CANDIDATES);
    let order = 0;
    for (const entry of this.documents.values()) {
      const values = entry.vectors;
      if (!values || !scopes.has(scopeOf(entry.projectId))) continue;
      const rows = entry.passages.length;
      if (this.rowScores.length < rows) this.rowScores = new Float64Array(rows * 2);
      const scores = this.rowScores;
      dotRows(query, values, dimensions, scores);
      for (let row = 0; row < rows; row++, order++) {
        const score = scores[row]!;
        if (score >= best.floor) best.offer(score, order, passageId(entry.id, row));
      }
    }
    return best.best();
  }

  /** A passage of a document, for the viewer (KB14). */
  passage(documentId: string, index: number): StoredPassage | undefined {
    return this.documents.get(documentId)?.passages[index];
  }

  stats(): { documents: number; passages: number; vectorBytes: number } {
    let passages = 0;
    let vectorBytes = 0;
    for (const entry of this.documents.values()) {
      passages += entry.passages.length;
      vectorBytes += entry.vectors?.byteLength ?? 0;
    }
    return { documents: this.documents.size, passages, vectorBytes };
  }
}
