import type { DraftChat, DraftFolder, ImportProblem, SkipCounts } from './types';
import { countSkip } from './types';

/** Raw prompt or agent records an importer found, parsed and given stable ids by the assembler. */
export interface DraftRecord {
  readonly sourceId: string;
  readonly fields: Record<string, unknown>;
}

export interface FormatOutput {
  chats: DraftChat[];
  folders: DraftFolder[];
  prompts: DraftRecord[];
  characters: DraftRecord[];
}

export interface ReadContext {
  readonly problems: ImportProblem[];
  readonly skipped: SkipCounts;
  onLoss(count: number): void;
}

export function newReadContext(): ReadContext {
  const skipped: SkipCounts = {};
  return { problems: [], skipped, onLoss: (count) => countSkip(skipped, 'attachmentLost', count) };
}

export function emptyOutput(): FormatOutput {
  return { chats: [], folders: [], prompts: [], characters: [] };
}

/** IM8: one bad item is reported and the rest goes on. */
export function eachItem<T>(
  items: readonly unknown[],
  label: (item: unknown, index: number) => string,
  ctx: ReadContext,
  read: (item: unknown, index: number) => T | null,
): T[] {
  const out: T[] = [];
  items.forEach((item, index) => {
    try {
      const value = read(item, index);
      if (value !== null) out.push(value);
    } catch (error) {
      ctx.problems.push({
        item: label(item, index),
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  });
  return out;
}
