/**
 * Runs in Chromium, bundled by Vite with the real app code: the IndexedDB store and the search
 * client, whose index lives in the real search Web Worker. bench/search.ts drives it.
 */
import { parseChat } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { browserStorageEnvironment, createIndexedDbStore } from '../../../packages/web/src/adapters/storage';
import { createSearchClient } from '../../../packages/web/src/features/search/search-client';
import type { SearchClient } from '../../../packages/web/src/features/search/search-client';
import { generateCorpus, typedQueries } from '../corpus';
import type { Corpus } from '../corpus';
import { linearScan, prepareLinearScan } from '../linear-scan';

let corpus: Corpus | undefined;
let store: StoragePort | undefined;
let client: SearchClient | undefined;
const longTasks: number[] = [];

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: false });

async function fillStore(vocabulary: [string, number][], chats: number) {
  corpus = generateCorpus({ vocabulary, chats });
  store = await createIndexedDbStore(browserStorageEnvironment(), { databaseName: 'parley-search-bench' });
  const started = performance.now();
  const batch = 100;
  for (let i = 0; i < corpus.chats.length; i += batch) {
    const chats = corpus.chats.slice(i, i + batch).map((chat) =>
      parseChat({
        id: chat.id,
        chatTitle: chat.title,
        createdAt: chat.createdAt,
        updatedAt: chat.updatedAt,
        archivedAt: chat.archivedAt,
        deletedAt: chat.deletedAt,
        messages: chat.messages.map((message) => ({
          id: message.id,
          role: message.role,
          content: message.text,
          createdAt: chat.createdAt,
          updatedAt: chat.createdAt,
        })),
      }),
    );
    await store.chats.putMany(chats);
  }
  return {
    chats: corpus.chats.length,
    textUnits: corpus.textUnits,
    utf8Bytes: corpus.utf8Bytes,
    writeMs: performance.now() - started,
  };
}

/** Starts search the way the app does and waits until the index has caught up with the store. */
async function buildIndex() {
  if (!store) throw new Error('fillStore first');
  longTasks.length = 0;
  const started = performance.now();
  const searchClient = createSearchClient({ store });
  client = searchClient;
  await new Promise<void>((resolve) => {
    const check = () => {
      if (searchClient.status().phase === 'ready') resolve();
    };
    searchClient.subscribe(check);
    check();
  });
  const buildMs = performance.now() - started;
  const stats = await searchClient.stats();
  return {
    buildMs,
    transport: searchClient.status().transport,
    indexed: searchClient.status().indexed,
    longestMainThreadTaskMs: Math.max(0, ...longTasks),
    mainThreadBlockedMs: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    stats,
  };
}

/** Keystroke to answer on the main thread, one keystroke after another (each awaited). */
async function timeQueries(limit: number) {
  if (!client || !corpus) throw new Error('buildIndex first');
  const keystrokes = typedQueries(corpus).flat();
  const samples: number[] = [];
  const hostSamples: number[] = [];
  for (const query of keystrokes) {
    const started = performance.now();
    const outcome = await client.search(query, { limit });
    samples.push(performance.now() - started);
    if (outcome.kind === 'answered') hostSamples.push(outcome.tookMs);
  }
  return { keystrokes: keystrokes.length, samples, hostSamples };
}

function timeLinearScan() {
  if (!corpus) throw new Error('fillStore first');
  const entries = prepareLinearScan(corpus.chats);
  const samples: number[] = [];
  for (const query of typedQueries(corpus).flat()) {
    const started = performance.now();
    linearScan(entries, query);
    samples.push(performance.now() - started);
  }
  return { samples };
}

Object.assign(globalThis, { searchBench: { fillStore, buildIndex, timeQueries, timeLinearScan } });
document.title = 'ready';
