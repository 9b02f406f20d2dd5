import { describe, expect, it } from 'vitest';
import { KnowledgeIndex, normalise, splitIntoPassages } from '../../src/knowledge';

const docs = {
  trip: '# Trip\n\nThe ferry to the island leaves at 7:40 from pier four.\n\n## Food\n\nBring sandwiches.',
  budget: '# Budget\n\nThe yearly budget for travel is 12,000 euros.',
  garden: '# Garden\n\nTomatoes need water every morning in summer.',
};

/** A tiny deterministic embedding: one dimension per known word. */
const words = ['ferry', 'island', 'budget', 'euros', 'tomatoes', 'water', 'boat'];
const embed = (text: string) =>
  normalise(
    words.map(
      (word) =>
        (text.toLowerCase().includes(word) ? 1 : 0) + (word === 'boat' && /ferry/i.test(text) ? 1 : 0) + 0.01,
    ),
  );

function build(withVectors: boolean, projectOf: (id: string) => string | null = () => null) {
  const index = new KnowledgeIndex();
  for (const [id, text] of Object.entries(docs)) {
    const passages = splitIntoPassages(text);
    const values = new Float32Array(passages.length * words.length);
    passages.forEach((passage, i) => values.set(embed(passage.text), i * words.length));
    index.add(
      { id, name: `${id}.md`, projectId: projectOf(id) },
      passages,
      withVectors ? { values, modelKey: 'test' } : undefined,
    );
  }
  return index;
}

describe('KnowledgeIndex', () => {
  it('KB32: full text alone finds the passage by its words, with its place in the document', () => {
    const [top] = build(false).search({ text: 'When does the ferry leave?', scopes: [null] });
    expect(top).toMatchObject({ documentId: 'trip', documentName: 'trip.md', heading: 'Trip' });
    expect(docs.trip.slice(top!.start, top!.end)).toBe(top!.text);
  });

  it('KB33: vectors find a passage that shares no word with the question', () => {
    const index = build(true);
    expect(index.search({ text: 'boat', scopes: [null] })).toEqual([]);
    const [top] = index.search({ text: 'boat', vector: embed('boat'), scopes: [null] });
    expect(top?.documentId).toBe('trip');
  });

  it("KB34: a project's search sees its documents and the global ones, not another project's", () => {
    const index = build(true, (id) => (id === 'trip' ? 'p1' : id === 'budget' ? 'p2' : null));
    const found = (scopes: (string | null)[]) =>
      new Set(index.search({ text: 'ferry budget tomatoes', scopes }).map((hit) => hit.documentId));
    expect(found(['p1', null])).toEqual(new Set(['trip', 'garden']));
    expect(found([null])).toEqual(new Set(['garden']));
  });

  it('KB31: a removed document is never found again; KB24: vectors of another model are not mixed', () => {
    const index = build(true);
    index.remove('trip');
    expect(
      index.search({ text: 'ferry', vector: embed('ferry'), scopes: [null] }).map((h) => h.documentId),
    ).not.toContain('trip');
    const passages = splitIntoPassages(docs.trip);
    index.add({ id: 'trip', name: 'trip.md', projectId: null }, passages, {
      values: new Float32Array(passages.length * 3),
      modelKey: 'other',
    });
    expect(index.documentsWithVectors()).toBe(2);
    expect(index.stats()).toMatchObject({ documents: 3 });
  });

  it('KB35: a saved index answers the same after loading', () => {
    const index = build(true);
    const copy = KnowledgeIndex.fromSnapshot(structuredClone(index.snapshot()));
    const query = { text: 'yearly travel money', vector: embed('budget euros'), scopes: [null] };
    expect(copy.search(query)).toEqual(index.search(query));
    expect(copy.modelKey).toBe('test');
  });
});
