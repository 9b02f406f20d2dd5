import type { ChatSummary } from '../entities';
import type { ChatSummaryQuery } from './storage-port';
import { newestFirst } from './store-context';

/** The sidebar's filter, shared by every backend (IndexedDB narrows with an index first). */
export function matchesSummaryQuery(summary: ChatSummary, query: ChatSummaryQuery): boolean {
  if (!query.includeDeleted && summary.deletedAt !== null) return false;
  if (query.includeExamples === false && summary.isExample) return false;
  if (query.folderID !== undefined && summary.folderID !== query.folderID) return false;
  if (query.tag !== undefined && !summary.tags.includes(query.tag)) return false;
  if (query.archived !== undefined && (summary.archivedAt !== null) !== query.archived) return false;
  if (query.favorited !== undefined && (summary.favoritedAt !== null) !== query.favorited) return false;
  return true;
}

export function applySummaryQuery(summaries: readonly ChatSummary[], query: ChatSummaryQuery): ChatSummary[] {
  const matching = summaries.filter((summary) => matchesSummaryQuery(summary, query)).sort(newestFirst);
  return query.limit === undefined ? matching : matching.slice(0, Math.max(0, query.limit));
}
