import type { Message } from '@parley/core/entities';
import type { Comparison } from './comparison-store';

/**
 * MC*: the path as the list shows it while a comparison is open: up to the question, the answers
 * being in the side-by-side row after it. A path that does not go through the question, or goes
 * on through another answer (a version the user switched to), is shown as it is.
 */
export function comparisonOnPath(path: Message[], comparison: Comparison | undefined): Message[] {
  if (!comparison) return path;
  const at = path.findIndex((message) => message.id === comparison.parentId);
  if (at === -1) return path;
  const next = path[at + 1];
  const answers = new Set(comparison.columns.map((column) => column.messageId));
  if (next && (!answers.has(next.id) || at + 2 < path.length)) return path;
  return path.slice(0, at + 1);
}
