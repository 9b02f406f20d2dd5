import { useCallback, useRef, useState } from 'react';
import { applyImport, ImportCancelledError } from '@parley/core/import';
import type { ApplyReport, ImportFailure, ImportResult, ImportSummary } from '@parley/core/import';
import type { StoragePort } from '@parley/core/storage';
import type { Clock } from '@parley/core/platform';
import { CancelledError, readInWorker } from './portability-client';
import type { ReadStage } from './read-file';

export type ImportState =
  | { step: 'idle' }
  | { step: 'reading'; fileName: string; stage: ReadStage }
  | { step: 'failed'; fileName: string; failure: ImportFailure | 'flagOff' | 'storage'; detail?: string }
  | { step: 'preview'; fileName: string; summary: ImportSummary; result: ImportResult }
  | { step: 'writing'; fileName: string; done: number; total: number }
  | { step: 'done'; fileName: string; report: ApplyReport }
  | { step: 'cancelled'; fileName: string; done: number; total: number };

/**
 * The import flow (IM6, IM26, IM27): read in the worker, preview, write in batches on confirm.
 * Cancel works while reading (the worker is stopped) and while writing (between batches).
 */
export function useImport(store: StoragePort, clock: Clock, options: { chatGPTAllowed: boolean }) {
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const cancelRef = useRef<() => void>(() => {});

  const start = useCallback(
    async (file: File) => {
      const fileName = file.name;
      setState({ step: 'reading', fileName, stage: 'reading' });
      const job = readInWorker(file, clock.now(), (stage) => setState({ step: 'reading', fileName, stage }));
      cancelRef.current = job.cancel;
      try {
        const outcome = await job.done;
        if (!outcome.ok) return setState({ step: 'failed', fileName, failure: outcome.failure });
        if (outcome.result.format === 'chatgpt' && !options.chatGPTAllowed)
          return setState({ step: 'failed', fileName, failure: 'flagOff' });
        setState({ step: 'preview', fileName, summary: outcome.summary, result: outcome.result });
      } catch (error) {
        if (error instanceof CancelledError) return setState({ step: 'idle' });
        setState({
          step: 'failed',
          fileName,
          failure: 'storage',
          detail: error instanceof Error ? error.message : String(error),
        });
      }
    },
    [clock, options.chatGPTAllowed],
  );

  const confirm = useCallback(async () => {
    if (state.step !== 'preview') return;
    const { fileName, result } = state;
    const controller = new AbortController();
    cancelRef.current = () => controller.abort();
    setState({ step: 'writing', fileName, done: 0, total: result.chats.length });
    let last = { done: 0, total: 0 };
    try {
      const report = await applyImport(store, result, {
        signal: controller.signal,
        onProgress: (p) => {
          last = p;
          setState({ step: 'writing', fileName, done: p.done, total: p.total });
        },
      });
      setState({ step: 'done', fileName, report });
    } catch (error) {
      if (error instanceof ImportCancelledError) return setState({ step: 'cancelled', fileName, ...last });
      setState({
        step: 'failed',
        fileName,
        failure: 'storage',
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  }, [state, store]);

  return {
    state,
    start,
    confirm,
    cancel: () => cancelRef.current(),
    reset: () => setState({ step: 'idle' }),
  };
}
