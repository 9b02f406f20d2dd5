/**
 * Runs in the browser, in the app's origin: seeds and measures through the app's own storage code
 * (openLocalStore over IndexedDB), and does the same with the one-key baseline. Bundled by
 * storage-bench-bundle.ts and injected by bench/storage.ts; never part of the app build.
 */
import type { Chat, ChatSummary } from '@parley/core/entities';
import { openLocalStore } from '../../packages/web/src/adapters/storage';
import { seededRandom } from './seeded-random';
import { benchChat } from './storage-bench-data';
import type { BenchChat } from './storage-bench-data';
import { openWholeStoreBaseline } from './storage-bench-baseline';

const SEED_BATCH = 250;

async function seed(count: number, seed: number) {
  const started = performance.now();
  // No example chats: the newest chat is then one of the seeded ones, as for a real library.
  const store = await openLocalStore({ addExampleChats: false });
  let bytes = 0;
  let newest = { id: '', updatedAt: '' };
  try {
    for (let start = 0; start < count; start += SEED_BATCH) {
      const batch: BenchChat[] = [];
      for (let index = start; index < Math.min(count, start + SEED_BATCH); index++)
        batch.push(benchChat(seed, index));
      for (const chat of batch) {
        bytes += JSON.stringify(chat).length;
        if (chat.updatedAt > newest.updatedAt) newest = { id: chat.id, updatedAt: chat.updatedAt };
      }
      await store.chats.putMany(batch as unknown as Chat[]);
    }
    return { chats: await store.chats.count(), bytes, newestId: newest.id, ms: performance.now() - started };
  } finally {
    await store.close();
  }
}

async function seedBaseline(count: number, seed: number) {
  const started = performance.now();
  const chats: BenchChat[] = [];
  for (let index = 0; index < count; index++) chats.push(benchChat(seed, index));
  const baseline = await openWholeStoreBaseline();
  const bytes = await baseline.save(chats);
  baseline.close();
  return { bytes, ms: performance.now() - started };
}

/** What the app does on start before it can draw the sidebar and the last chat, timed from navigation start. */
async function coldStart() {
  const began = performance.now();
  const store = await openLocalStore();
  // openLocalStore starts the summary read itself, so "open" includes most of it.
  const opened = performance.now();
  const summaries: ChatSummary[] = await store.chats.listSummaries();
  const listed = performance.now();
  const last = summaries[0] ? await store.chats.get(summaries[0].id) : undefined;
  const done = performance.now();
  await store.close();
  return {
    sinceNavigation: done,
    storageMs: done - began,
    openMs: opened - began,
    listMs: listed - opened,
    getMs: done - listed,
    summaries: summaries.length,
    lastMessages: last?.messages.length ?? 0,
  };
}

async function coldStartBaseline() {
  const began = performance.now();
  const baseline = await openWholeStoreBaseline();
  const chats = await baseline.load();
  const sidebar = chats
    .map((chat) => ({ id: chat.id, title: chat.chatTitle, updatedAt: chat.updatedAt }))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
  const last = chats.find((chat) => chat.id === sidebar[0]?.id);
  const done = performance.now();
  baseline.close();
  return {
    sinceNavigation: done,
    storageMs: done - began,
    summaries: sidebar.length,
    lastMessages: last?.messages.length ?? 0,
  };
}

function newMessage(index: number, random: () => number) {
  const at = new Date().toISOString();
  return {
    id: `msg-save-${index}-${Math.floor(random() * 1e9)}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: 'A new message of a realistic length. '.repeat(8),
    createdAt: at,
    updatedAt: at,
  } as const;
}

/** Appends one message to a chat, `times` times over different chats; ms per save. */
async function saveMessages(times: number, chatCount: number) {
  const store = await openLocalStore();
  const random = seededRandom(7);
  const samples: number[] = [];
  try {
    for (let i = 0; i < times; i++) {
      const id = `ch-bench-${Math.floor(random() * chatCount)}`;
      const message = newMessage(i, random);
      const t0 = performance.now();
      await store.chats.update(id, (chat) => ({ ...chat, messages: [...chat.messages, message] }) as Chat);
      samples.push(performance.now() - t0);
    }
  } finally {
    await store.close();
  }
  return samples;
}

/** The baseline's save: the whole store serialised and written as one value after each change. */
async function saveMessagesBaseline(times: number, chatCount: number) {
  const baseline = await openWholeStoreBaseline();
  const chats = await baseline.load();
  const random = seededRandom(7);
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const chat = chats[Math.floor(random() * chatCount)];
    const message = newMessage(i, random);
    const t0 = performance.now();
    if (chat) chat.messages.push({ ...message });
    await baseline.save(chats);
    samples.push(performance.now() - t0);
  }
  baseline.close();
  return samples;
}

declare global {
  interface Window {
    __storageBench?: typeof storageBench;
  }
}

const storageBench = { seed, seedBaseline, coldStart, coldStartBaseline, saveMessages, saveMessagesBaseline };
window.__storageBench = storageBench;
