import { useCallback, useEffect, useRef, useState } from 'react';
import { applyImport, ImportCancelledError } from '@parley/core/import';
import type {
  ApplyProgress,
  ApplyReport,
  ImportFailure,
  ImportResult,
  ImportSummary,
} from '@parley/core/import';
import type { StoragePort } from '@parley/core/storage';
import type { Clock } from '@parley/core/platform';
import { useFormat } from '../../i18n';
import {
  CancelledError,
  PortabilityWorker,
  ReadTimeoutError,
  WorkerUnavailableError,
} from './portability-client';
import type { ReadStage } from './read-file';

export type ImportState =
  | { step: 'idle' }
  | { step: 'reading'; fileName: string; stage: ReadStage }
  | {
      step: 'failed';
      fileName: string;
      failure: ImportFailure | 'flagOff' | 'storage' | 'tooSlow' | 'unavailable';
      /** The failure's particulars: the size limit, the seconds allowed, the storage error. */
      detail?: string;
    }
  | { step: 'preview'; fileName: string; summary: ImportSummary }
  | { step: 'writing'; fileName: string; done: number; total: number }
  | { step: 'done'; fileName: string; report: ApplyReport }
  | { step: 'cancelled'; fileName: string; done: number; total: number };

/**
 * The import flow (IM6, IM26, IM27): read in the worker, preview, write on confirm. With IndexedDB
 * the worker writes too, so only the summary and progress reach the page; with the localStorage
 * fallback (not reachable from a worker) the records come back and are written here in batches.
 */
export function useImport(store: StoragePort, clock: Clock, options: { chatGPTAllowed: boolean }) {
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const format = useFormat();
  // The file's password-sealed API keys, if it has them: opened on the page after the import (0057).
  const [sealedKeys, setSealedKeys] = useState<{ file: unknown } | null>(null);
  const worker = useRef<PortabilityWorker | null>(null);
  const local = useRef<{ result: ImportResult | null; abort: AbortController | null }>({
    result: null,
    abort: null,
  });
  const writing = state.step === 'writing';

  const close = useCallback(() => {
    worker.current?.close();
    worker.current = null;
  }, []);
  useEffect(() => close, [close]);

  const start = useCallback(
    async (file: File) => {
      close();
      const fileName = file.name;
      const job = new PortabilityWorker();
      worker.current = job;
      setSealedKeys(null);
      setState({ step: 'reading', fileName, stage: 'reading' });
      try {
        const outcome = await job.read(file, clock.now(), store.backend === 'indexeddb', (stage) =>
          setState({ step: 'reading', fileName, stage }),
        );
        if (!outcome.ok)
          return setState({
            step: 'failed',
            fileName,
            failure: outcome.failure,
            ...(outcome.limitBytes ? { detail: format.bytes(outcome.limitBytes, 0) } : {}),
          });
        if (outcome.summary.format === 'chatgpt' && !options.chatGPTAllowed)
          return setState({ step: 'failed', fileName, failure: 'flagOff' });
        local.current.result = outcome.result;
        if ('sealedKeys' in outcome) setSealedKeys({ file: outcome.sealedKeys });
        setState({ step: 'preview', fileName, summary: outcome.summary });
      } catch (error) {
        if (error instanceof CancelledError) return setState({ step: 'idle' });
        if (error instanceof ReadTimeoutError)
          return setState({ step: 'failed', fileName, failure: 'tooSlow', detail: String(error.seconds) });
        if (error instanceof WorkerUnavailableError)
          return setState({ step: 'failed', fileName, failure: 'unavailable' });
        setState({
          step: 'failed',
          fileName,
          failure: 'storage',
          detail: error instanceof Error ? error.message : String(error),
        });
      }
    },
    [clock, close, format, options.chatGPTAllowed, store.backend],
  );

  const confirm = useCallback(async () => {
    if (state.step !== 'preview') return;
    const { fileName, summary } = state;
    const onProgress = (p: ApplyProgress) =>
      setState({ step: 'writing', fileName, done: p.done, total: p.total });
    onProgress({ done: 0, total: summary.chats });
    try {
      const result = local.current.result;
      let report: ApplyReport;
      if (result) {
        local.current.abort = new AbortController();
        report = await applyImport(store, result, { signal: local.current.abort.signal, onProgress });
      } else {
        report = await worker.current!.apply(onProgress);
      }
      setState({ step: 'done', fileName, report });
    } catch (error) {
      if (error instanceof CancelledError)
        return setState({ step: 'cancelled', fileName, ...error.progress });
      if (error instanceof ImportCancelledError)
        return setState({ step: 'cancelled', fileName, done: 0, total: 0 });
      if (error instanceof WorkerUnavailableError)
        return setState({ step: 'failed', fileName, failure: 'unavailable' });
      setState({
        step: 'failed',
        fileName,
        failure: 'storage',
        detail: error instanceof Error ? error.message : String(error),
      });
    } finally {
      local.current = { result: null, abort: null };
      close();
    }
  }, [close, state, store]);

  const cancel = useCallback(() => {
    if (local.current.abort) local.current.abort.abort();
    else worker.current?.cancel(writing);
  }, [writing]);

  return {
    state,
    sealedKeys,
    start,
    confirm,
    cancel,
    reset: () => {
      close();
      setSealedKeys(null);
      setState({ step: 'idle' });
    },
  };
}
