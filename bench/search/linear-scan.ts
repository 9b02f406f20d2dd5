import { normalizeForSearch, normalizeQuery } from '@parley/core/search';
import type { CorpusChat } from './corpus';

/**
 * The baseline: what a search without an index does. Every title and message is kept normalised
 * (so the baseline does not pay for normalisation at query time either), and each query scans all
 * of them with indexOf, then ranks the matches (title hits first, newest first) and keeps 50.
 */
export interface ScanEntry {
  readonly id: string;
  readonly updatedAt: string;
  readonly title: string;
  readonly messages: readonly string[];
}

export function prepareLinearScan(chats: readonly CorpusChat[]): ScanEntry[] {
  return chats
    .filter((chat) => chat.deletedAt === null)
    .map((chat) => ({
      id: chat.id,
      updatedAt: chat.updatedAt,
      title: normalizeForSearch(chat.title),
      messages: chat.messages.map((message) => normalizeForSearch(message.text)),
    }));
}

export function linearScan(entries: readonly ScanEntry[], query: string, limit = 50): string[] {
  const q = normalizeQuery(query);
  if (q === '') return [];
  const titleHits: ScanEntry[] = [];
  const messageHits: ScanEntry[] = [];
  for (const entry of entries) {
    if (entry.title.includes(q)) titleHits.push(entry);
    else if (entry.messages.some((text) => text.includes(q))) messageHits.push(entry);
  }
  const newest = (a: ScanEntry, b: ScanEntry) =>
    a.updatedAt === b.updatedAt ? (a.id < b.id ? -1 : 1) : a.updatedAt < b.updatedAt ? 1 : -1;
  return [...titleHits.sort(newest), ...messageHits.sort(newest)].slice(0, limit).map((entry) => entry.id);
}
