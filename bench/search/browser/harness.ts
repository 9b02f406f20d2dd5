/**
 * Runs in Chromium, bundled by Vite with the real app code: the IndexedDB store and the search
 * client, whose index lives in the real search Web Worker, which reads the chats from IndexedDB
 * itself (the main thread only names changed chats). bench/search.ts drives it.
 */
import { parseChat } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { browserStorageEnvironment, createIndexedDbStore } from '../../../packages/web/src/adapters/storage';
import { createSearchClient } from '../../../packages/web/src/features/search/search-client';
import type { SearchClient } from '../../../packages/web/src/features/search/search-client';
import { generateCorpus, typedQueries } from '../corpus';
import type { Corpus } from '../corpus';
import { linearScan, prepareLinearScan } from '../linear-scan';

const DATABASE_NAME = 'parley-search-bench';
/** A long chat that an answer streams into: every save makes the worker re-read it. */
const LONG_CHAT_MESSAGES = 5000;

let corpus: Corpus | undefined;
let store: StoragePort | undefined;
let client: SearchClient | undefined;
const longTasks: { readonly start: number; readonly duration: number }[] = [];

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: false });

/** The longest main-thread task that started at or after `since` (entries arrive a little late). */
const longestTaskSince = (since: number) =>
  Math.max(0, ...longTasks.filter((task) => task.start >= since).map((task) => task.duration));

async function fillStore(vocabulary: [string, number][], chats: number) {
  corpus = generateCorpus({ vocabulary, chats });
  store = await createIndexedDbStore(browserStorageEnvironment(), { databaseName: DATABASE_NAME });
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
  // As the app does, except that the app's database has the default name.
  const searchClient = createSearchClient({ store, chatDatabaseName: DATABASE_NAME });
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
    reader: searchClient.status().reader,
    indexed: searchClient.status().indexed,
    restored: searchClient.status().restored,
    reindexed: searchClient.status().reindexed,
    longestMainThreadTaskMs: longestTaskSince(started),
    mainThreadBlockedMs: longTasks
      .filter((task) => task.start >= started)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until `query` finds the chat `chatId` (each ask is one worker round trip). */
async function waitUntilFound(query: string, chatId: string): Promise<void> {
  for (;;) {
    const outcome = await client!.search(query, { limit: 5 });
    if (outcome.kind === 'answered' && outcome.response.results.some((result) => result.chatId === chatId)) {
      return;
    }
    await pause(5);
  }
}

/**
 * A streamed answer into a 5,000-message chat: each save changes the last message, and the
 * index must follow. Per save: time from the committed write until a search finds the new
 * text, and the longest main-thread task in that window (the write itself is not counted).
 */
async function timeLongChatSaves(saves: number) {
  if (!client || !store || !corpus) throw new Error('buildIndex first');
  const source = corpus.chats.flatMap((chat) => chat.messages).slice(0, LONG_CHAT_MESSAGES);
  const at = new Date().toISOString();
  const chat = await store.chats.put(
    parseChat({
      id: 'ch-long-chat',
      chatTitle: 'Long chat',
      createdAt: at,
      updatedAt: at,
      messages: source.map((message, i) => ({
        id: `long-${i}`,
        role: message.role,
        content: message.text,
        createdAt: at,
        updatedAt: at,
      })),
    }),
  );
  await waitUntilFound('long chat', chat.id);
  const latencies: number[] = [];
  const longestTasks: number[] = [];
  let answer = '';
  for (let save = 0; save < saves; save++) {
    answer += ` streamed${save}x${Math.random().toString(36).slice(2, 8)}`;
    const token = answer.slice(answer.lastIndexOf(' ') + 1);
    await store.chats.update(chat.id, (current) => ({
      ...current,
      messages: current.messages.map((message, i) =>
        i === current.messages.length - 1
          ? { ...message, content: `${message.content as string}${answer}` }
          : message,
      ),
    }));
    const started = performance.now();
    await waitUntilFound(token, chat.id);
    latencies.push(performance.now() - started);
    // Let the observer report the window's last tasks before reading them.
    await pause(50);
    longestTasks.push(longestTaskSince(started));
  }
  return { messages: LONG_CHAT_MESSAGES, latencies, longestTasks };
}

/**
 * A reload: the worker is ended and search started again over the same database, as the next
 * start of the app would (the persisted index is used; only changed chats are read).
 */
async function restartIndex() {
  client?.dispose();
  client = undefined;
  // Lets the ended worker's database connections close.
  await pause(500);
  return buildIndex();
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

Object.assign(globalThis, {
  searchBench: { fillStore, buildIndex, restartIndex, timeQueries, timeLongChatSaves, timeLinearScan },
});
document.title = 'ready';
