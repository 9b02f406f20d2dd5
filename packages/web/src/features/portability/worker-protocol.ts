import type { ApplyProgress, ApplyReport, ExportCategory } from '@parley/core/import';
import type { ReadOutcome, ReadStage } from './read-file';

/** Main thread → worker. */
export type PortabilityRequest =
  /** `writeHere`: keep the result and write it to IndexedDB from the worker when asked (IM27). */
  | { type: 'read'; file: Blob; now: number; writeHere: boolean }
  | { type: 'apply' }
  | { type: 'cancel' }
  /**
   * Zip these files (the localStorage fallback's export, read on the page). `binaryFiles`: entries
   * stored as they are (attachment bytes, compressed already).
   */
  | { type: 'zip'; files: Record<string, string>; binaryFiles?: Record<string, Uint8Array> }
  /**
   * Read the store (IndexedDB) here, write the export file and zip it (IM30). `extraFiles`: more
   * entries made on the page (the password-sealed API keys, decision 0057).
   */
  | {
      type: 'export';
      categories: ExportCategory[];
      exportedAt: string;
      extraFiles?: Record<string, string>;
    };

/** Worker → main thread. */
export type PortabilityReply =
  | { type: 'stage'; stage: ReadStage }
  | { type: 'read'; outcome: ReadOutcome }
  | { type: 'progress'; progress: ApplyProgress }
  | { type: 'applied'; report: ApplyReport }
  | { type: 'cancelled'; progress: ApplyProgress }
  /** The finished zip as a Blob: it crosses by reference, and the page only hands it to the download. */
  | { type: 'zipped'; blob: Blob }
  | { type: 'failed'; message: string };
