/// <reference lib="webworker" />
import { applyImport, ImportCancelledError, PackedChats } from '@parley/core/import';
import { zipExportStream } from './export-stream';
import { ZIP_TYPE, zipFiles } from './zip-files';
import type { ApplyProgress, ImportResult, PackedImport } from '@parley/core/import';
import { createIndexedDbStore } from '../../adapters/storage';
import type { ReadOutcome } from './read-file';
import { readImportFile } from './read-stream';
import type { PortabilityReply, PortabilityRequest } from './worker-protocol';

/**
 * Import reading and writing, and export zipping (IM27): unzip, JSON.parse, mapping and the
 * IndexedDB writes of a 100 MB file take seconds, which here never block the page. The app's tabs
 * hear about the new records through the storage channel, as for any other tab's writes.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: PortabilityReply, transfer: Transferable[] = []) =>
  scope.postMessage(message, transfer);
/** The read import, until it is written; a streamed read keeps its chats packed (decision 0077). */
let kept: ImportResult | PackedImport | null = null;
let controller: AbortController | null = null;

async function applyKept(): Promise<void> {
  if (!kept) throw new Error('nothing to import');
  controller = new AbortController();
  let last: ApplyProgress = { done: 0, total: 0 };
  const store = await createIndexedDbStore({
    indexedDB: scope.indexedDB,
    IDBKeyRange: globalThis.IDBKeyRange,
  });
  try {
    const report = await applyImport(store, kept, {
      signal: controller.signal,
      onProgress: (progress) => {
        last = progress;
        reply({ type: 'progress', progress });
      },
    });
    reply({ type: 'applied', report });
  } catch (error) {
    if (error instanceof ImportCancelledError) reply({ type: 'cancelled', progress: last });
    else throw error;
  } finally {
    await store.close();
  }
}

scope.addEventListener('message', (event: MessageEvent<PortabilityRequest>) => {
  const request = event.data;
  if (request.type === 'cancel') return controller?.abort();
  void (async () => {
    try {
      if (request.type === 'read') {
        reply({ type: 'stage', stage: 'reading' });
        const outcome = await readImportFile(request.file, {
          now: request.now,
          onStage: (stage) => reply({ type: 'stage', stage }),
        });
        if (outcome.ok && request.writeHere) {
          kept = outcome.result;
          const summaryOnly: ReadOutcome = { ...outcome, result: null };
          reply({ type: 'read', outcome: summaryOnly });
        } else if (outcome.ok) {
          // The page writes (the localStorage fallback): it gets the records as a list.
          const { result } = outcome;
          const chats = result.chats instanceof PackedChats ? result.chats.unpack() : result.chats;
          reply({ type: 'read', outcome: { ...outcome, result: { ...result, chats } } });
        } else reply({ type: 'read', outcome });
      } else if (request.type === 'apply') {
        await applyKept();
      } else if (request.type === 'export') {
        const store = await createIndexedDbStore({
          indexedDB: scope.indexedDB,
          IDBKeyRange: globalThis.IDBKeyRange,
        });
        try {
          const chunks = await zipExportStream(
            store,
            request.categories,
            request.exportedAt,
            request.extraFiles,
          );
          reply({ type: 'zipped', blob: new Blob(chunks as BlobPart[], { type: ZIP_TYPE }) });
        } finally {
          await store.close();
        }
      } else {
        reply({ type: 'zipped', blob: zipFiles(request.files, request.binaryFiles) });
      }
    } catch (error) {
      reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
