import { readFileSync } from 'node:fs';
import { serialize } from 'node:v8';
import {
  buildEmbeddingCall,
  EMBEDDING_MODELS,
  KnowledgeIndex,
  normalise,
  passageSearchText,
  readEmbeddingAnswer,
  splitIntoPassages,
  type Passage,
} from '@parley/core/knowledge';
import { simEmbedding, startProviderSim } from '@parley/provider-sim';
import type { BenchResult } from './lib/bench-result';
import { seededRandom } from './lib/seeded-random';

/**
 * Knowledge base (issue 39, decisions 0106-0108). Core's KnowledgeIndex, the code the web app runs
 * in its knowledge worker, measured in Node:
 * - retrieval quality on bench/knowledge/qa.json (documents written for the test, 32 questions in
 *   other words than the documents): the right passage in the top 5, full text alone and hybrid with
 *   the simulator's vectors (text-embedding-3-small at 512, decision 0108);
 * - 1,000 documents / 50,000 passages: building, query p50/p95 (full text + vector, and full text
 *   alone), the vectors' memory, the heap, and the saved index's size (what IndexedDB stores,
 *   measured as its structured-clone size);
 * - indexing throughput with the simulator's embeddings over HTTP (batches of 256, as the worker sends).
 * BENCH_KNOWLEDGE_DOCS sets the number of documents (default 1,000, 50 passages each).
 */
type Qa = {
  documents: { name: string; text: string }[];
  questions: { q: string; document: string; answer: string }[];
};

const MODEL = EMBEDDING_MODELS[0];
const DIMENSIONS = MODEL.dimensions;

function vectorsOf(passages: readonly Passage[]): Float32Array {
  const values = new Float32Array(passages.length * DIMENSIONS);
  passages.forEach((passage, i) =>
    values.set(normalise(simEmbedding(passageSearchText(passage), DIMENSIONS)), i * DIMENSIONS),
  );
  return values;
}

function quality(): BenchResult[] {
  const qa = JSON.parse(readFileSync(new URL('knowledge/qa.json', import.meta.url), 'utf8')) as Qa;
  const words = new KnowledgeIndex();
  const hybrid = new KnowledgeIndex();
  for (const [i, document] of qa.documents.entries()) {
    const passages = splitIntoPassages(document.text, { maxTokens: 60, overlapTokens: 10 });
    const entry = { id: `qa${i}`, name: document.name, projectId: null };
    words.add(entry, passages);
    hybrid.add(entry, passages, { values: vectorsOf(passages), modelKey: MODEL.key });
  }
  const found = (index: KnowledgeIndex, withVector: boolean) =>
    qa.questions.filter(({ q, document, answer }) => {
      const vector = withVector ? normalise(simEmbedding(q, DIMENSIONS)) : undefined;
      return index
        .search({ text: q, vector, scopes: [null], limit: 5 })
        .some((hit) => hit.documentName === document && hit.text.includes(answer));
    }).length / qa.questions.length;
  const note = `${qa.questions.length} questions, ${qa.documents.length} documents (bench/knowledge/qa.json)`;
  return [
    {
      measure: 'right passage in top 5, full text + vectors',
      value: Math.round(found(hybrid, true) * 1000) / 10,
      unit: '%',
      target: 90,
      better: 'higher',
      note,
    },
    {
      measure: 'right passage in top 5, full text alone',
      value: Math.round(found(words, false) * 1000) / 10,
      unit: '%',
      note,
    },
  ];
}

/** Text like a document's: words of a large vocabulary, a few very common, most rare (Zipf). */
function documentText(random: () => number, vocabulary: string[], passages: number): string {
  const word = () =>
    vocabulary[
      Math.min(vocabulary.length - 1, Math.floor(Math.exp(random() * Math.log(vocabulary.length))))
    ]!;
  const parts: string[] = [];
  for (let p = 0; p < passages; p++) {
    if (p % 10 === 0) parts.push(`## Section ${p / 10 + 1}`);
    parts.push(Array.from({ length: 170 }, word).join(' ') + '.');
  }
  return parts.join('\n\n');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function scale(): Promise<BenchResult[]> {
  const documents = Number(process.env.BENCH_KNOWLEDGE_DOCS ?? 1000);
  const random = seededRandom(39);
  const syllables = 'ka lo mi ne ru sa te vo zi pa do fe gu hi ja'.split(' ');
  const vocabulary = Array.from({ length: 30_000 }, (_, i) => {
    let n = i + 1;
    let word = '';
    while (n > 0) {
      word += syllables[n % syllables.length];
      n = Math.floor(n / syllables.length);
    }
    return word;
  });
  const index = new KnowledgeIndex();
  const heapBefore = process.memoryUsage().heapUsed;
  let passages = 0;
  let splitMs = 0;
  let embedMs = 0;
  let indexMs = 0;
  for (let d = 0; d < documents; d++) {
    const text = documentText(random, vocabulary, 50);
    let started = performance.now();
    const cut = splitIntoPassages(text);
    splitMs += performance.now() - started;
    started = performance.now();
    const values = vectorsOf(cut);
    embedMs += performance.now() - started;
    started = performance.now();
    index.add({ id: `doc${d}`, name: `document-${d}.md`, projectId: null }, cut, {
      values,
      modelKey: MODEL.key,
    });
    indexMs += performance.now() - started;
    passages += cut.length;
  }
  const heapAfter = process.memoryUsage().heapUsed;
  const queries = Array.from({ length: 100 }, () =>
    Array.from({ length: 6 }, () => vocabulary[Math.floor(Math.exp(random() * Math.log(3000)))]).join(' '),
  );
  // Wall time and this process's CPU time for each query: on a busy machine the wall time also counts
  // the time the process waited for a core; the CPU time is the query's own work.
  const timed = (withVector: boolean) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (const query of queries) {
      const vector = withVector ? normalise(simEmbedding(query, DIMENSIONS)) : undefined;
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      index.search({ text: query, vector, scopes: [null, 'project'], limit: 10 });
      const used = process.cpuUsage(cpuStarted);
      wall.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
  };
  timed(true); // warm-up
  const { wall: hybrid, cpu: hybridCpu } = timed(true);
  const { wall: words, cpu: wordsCpu } = timed(false);
  const started = performance.now();
  const snapshot = index.snapshot();
  const savedBytes = serialize(snapshot).length;
  const saveMs = performance.now() - started;
  const stats = index.stats();
  const scaleNote = `${documents} documents, ${passages} passages, ${DIMENSIONS}-long vectors`;
  return [
    {
      measure: 'query p50, full text + vector',
      value: round(percentile(hybrid, 0.5)),
      unit: 'ms',
      note: scaleNote,
    },
    {
      measure: 'query p95, full text + vector',
      value: round(percentile(hybrid, 0.95)),
      unit: 'ms',
      target: 50,
      note: scaleNote,
    },
    {
      measure: 'query p95, full text alone',
      value: round(percentile(words, 0.95)),
      unit: 'ms',
      note: scaleNote,
    },
    {
      measure: 'query p50 CPU time, full text + vector',
      value: round(percentile(hybridCpu, 0.5)),
      unit: 'ms',
      note: `${scaleNote}; the process's own CPU time (its GC threads too)`,
    },
    {
      measure: 'query p95 CPU time, full text + vector',
      value: round(percentile(hybridCpu, 0.95)),
      unit: 'ms',
      target: 50,
      note: `${scaleNote}; the process's own CPU time, without waiting for a core`,
    },
    {
      measure: 'query p95 CPU time, full text alone',
      value: round(percentile(wordsCpu, 0.95)),
      unit: 'ms',
      note: scaleNote,
    },
    {
      measure: 'vectors in memory',
      value: round(stats.vectorBytes / 1e6),
      unit: 'MB',
      note: 'Float32, unit length',
    },
    {
      measure: 'index heap (JS heap growth while indexing)',
      value: round((heapAfter - heapBefore) / 1e6),
      unit: 'MB',
      note: scaleNote,
    },
    {
      measure: 'saved index (IndexedDB record, structured clone)',
      value: round(savedBytes / 1e6),
      unit: 'MB',
      note: `saved in ${Math.round(saveMs)} ms`,
    },
    {
      measure: 'cutting into passages',
      value: Math.round(passages / (splitMs / 1000)),
      unit: 'passages/s',
      better: 'higher',
    },
    {
      measure: 'indexing (full text + vectors, no embedding)',
      value: Math.round(passages / (indexMs / 1000)),
      unit: 'passages/s',
      better: 'higher',
      note: `${Math.round(embedMs / 1000)} s computing the simulator's vectors in-process, not counted`,
    },
  ];
}

async function throughput(): Promise<BenchResult[]> {
  const sim = await startProviderSim();
  try {
    const random = seededRandom(7);
    const words =
      'harbour ferry island tomato lease rent telescope recital backup restore alert deposit'.split(' ');
    const text = Array.from(
      { length: 40 },
      (_, i) =>
        `## Part ${i}\n\n` +
        Array.from({ length: 120 }, () => words[Math.floor(random() * words.length)]).join(' ') +
        '.',
    ).join('\n\n');
    const index = new KnowledgeIndex();
    const target = { model: MODEL, baseUrl: `${sim.url}/v1`, apiKey: 'sk-bench' };
    let passages = 0;
    const started = performance.now();
    for (let d = 0; d < 50; d++) {
      const cut = splitIntoPassages(text);
      const values = new Float32Array(cut.length * DIMENSIONS);
      for (let from = 0; from < cut.length; from += MODEL.maxBatch) {
        const inputs = cut.slice(from, from + MODEL.maxBatch).map(passageSearchText);
        const call = buildEmbeddingCall(target, inputs);
        const response = await fetch(call.url, { method: 'POST', headers: call.headers, body: call.body });
        const { vectors } = readEmbeddingAnswer('openai', await response.json(), inputs.length);
        vectors.forEach((vector, i) => values.set(normalise(vector), (from + i) * DIMENSIONS));
      }
      index.add({ id: `d${d}`, name: `d${d}.md`, projectId: null }, cut, { values, modelKey: MODEL.key });
      passages += cut.length;
    }
    const seconds = (performance.now() - started) / 1000;
    return [
      {
        measure: "indexing with the simulator's embeddings (HTTP)",
        value: Math.round(passages / seconds),
        unit: 'passages/s',
        better: 'higher',
        note: `${passages} passages, batches of ${MODEL.maxBatch}, cut + embed + index`,
      },
    ];
  } finally {
    await sim.close();
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

export default async function knowledgeBench(): Promise<BenchResult[]> {
  return [...quality(), ...(await throughput()), ...(await scale())];
}
