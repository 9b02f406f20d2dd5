import type { Character, Chat } from '@parley/core/entities';
import { isSecretRow } from '@parley/core/models';
import type { StoragePort } from '@parley/core/storage';
import { browserLocalStorage, localPref, nonEmptyString, type PrefStorage } from '../../lib/local-pref';

/**
 * Chats and agents keep a copy of their model (`modelInfo`). Records written before secret values
 * left those copies (storage EN22) still hold them on disk, and so do the chat summaries written with
 * them (before EN23 a summary copied modelInfo): reads blank them, but only a rewrite removes them.
 * This sweep rewrites those records once per device, through the store (whose parse blanks the
 * values and whose summaries no longer copy modelInfo), keeping their updatedAt.
 *
 * A chat written before EN22 was written with its summary, so only chats whose summary still holds
 * a secret value are read: a library with none costs one pass over the summaries already in memory.
 */

/** localStorage key remembering that this device was swept, and the sweep's version. */
export const STORED_COPIES_SWEEP_KEY = 'TM_customSecretSweep';
export const STORED_COPIES_SWEEP_VERSION = '1';

/** Records per transaction; the sweep yields to the page between batches. */
const BATCH_SIZE = 50;

export type SweepOptions = {
  readonly batchSize?: number;
  /** Resolves when the next batch may run (the page had a chance to do its own work). */
  readonly pause?: () => Promise<void>;
};

export type SweepResult = { chats: number; characters: number };

const ROW_FIELDS = ['headerRows', 'bodyRows'] as const;

/** The secret rows of a model copy; `withValue`: only those still holding a value. */
function hasSecretRow(modelInfo: Record<string, unknown> | null, withValue: boolean): boolean {
  if (modelInfo === null) return false;
  return ROW_FIELDS.some((field) => {
    const rows = modelInfo[field];
    return (
      Array.isArray(rows) &&
      rows.some((row: unknown) => {
        if (typeof row !== 'object' || row === null) return false;
        const { key, value } = row as { key?: unknown; value?: unknown };
        if (typeof key !== 'string' || !isSecretRow(key)) return false;
        return !withValue || (typeof value === 'string' && value !== '');
      })
    );
  });
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function inBatches<T>(
  items: readonly T[],
  size: number,
  pause: () => Promise<void>,
  write: (batch: readonly T[]) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await pause();
    await write(items.slice(start, start + size));
  }
}

/** Rewrites every chat and agent whose stored copy of its model may still hold a secret value. */
export async function sweepStoredModelCopies(
  store: StoragePort,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const size = options.batchSize ?? BATCH_SIZE;
  const pause = options.pause ?? nextTask;

  const summaries = await store.chats.listSummaries({ includeDeleted: true, includeExamples: true });
  const chatIds = summaries.filter((s) => hasSecretRow(s.modelInfo, true)).map((s) => s.id);
  let chats = 0;
  await inBatches(chatIds, size, pause, async (ids) => {
    const found: Chat[] = [];
    for (const id of ids) {
      const chat = await store.chats.get(id); // the parse blanks the secret values
      if (chat) found.push(chat);
    }
    // touch: false keeps updatedAt, so the chat neither jumps in the sidebar nor looks edited to sync.
    if (found.length > 0) await store.chats.putMany(found, { touch: false });
    chats += found.length;
  });

  // Agents are few and have no summaries; their parse has blanked the values already, so every agent
  // whose copy has a secret row is rewritten (harmless for one written after EN22).
  const agents = (await store.characters.list({ includeDeleted: true })).filter((c) =>
    hasSecretRow(c.modelInfo, false),
  );
  await inBatches<Character>(agents, size, pause, async (batch) => {
    await store.characters.putMany(batch, { touch: false });
  });
  return { chats, characters: agents.length };
}

/** The device's record of the sweep (localStorage); unreadable storage counts as not swept. */
export type SweepMarker = { done(): boolean; markDone(): void };

/** Kept as plain text ('1'), as the first version wrote it. */
export function localSweepMarker(storage: () => PrefStorage | undefined = browserLocalStorage): SweepMarker {
  const marker = localPref(STORED_COPIES_SWEEP_KEY, nonEmptyString, undefined, { storage, format: 'text' });
  return {
    done: () => marker.read() === STORED_COPIES_SWEEP_VERSION,
    // Nothing kept (blocked storage): the next start sweeps again, and finds nothing to rewrite.
    markDone: () => marker.write(STORED_COPIES_SWEEP_VERSION),
  };
}

let sweeping: Promise<SweepResult | null> | undefined;

/**
 * Sweeps once per device: nothing when the marker says it was done; one run at a time per tab; the
 * marker is set only after a sweep that finished, so a failure is retried at the next start.
 */
export function sweepOncePerDevice(
  store: StoragePort,
  marker: SweepMarker,
  options: SweepOptions = {},
): Promise<SweepResult | null> {
  if (marker.done()) return Promise.resolve(null);
  sweeping ??= sweepStoredModelCopies(store, options)
    .then((result) => {
      marker.markDone();
      return result;
    })
    .finally(() => {
      sweeping = undefined;
    });
  return sweeping;
}
