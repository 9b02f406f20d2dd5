/// <reference lib="webworker" />
import { strToU8, zipSync } from 'fflate';
import { readImportBytes } from './read-file';
import type { PortabilityReply, PortabilityRequest } from './worker-protocol';

/**
 * Import reading and export zipping (IM27): unzip, JSON.parse and mapping of a 100 MB file take
 * seconds, which here never block the page. Cancel terminates the worker.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: PortabilityReply, transfer: Transferable[] = []) =>
  scope.postMessage(message, transfer);

scope.addEventListener('message', (event: MessageEvent<PortabilityRequest>) => {
  const request = event.data;
  void (async () => {
    try {
      if (request.type === 'read') {
        reply({ type: 'stage', stage: 'reading' });
        const bytes = new Uint8Array(await request.file.arrayBuffer());
        const outcome = readImportBytes(bytes, {
          now: request.now,
          onStage: (stage) => reply({ type: 'stage', stage }),
        });
        reply({ type: 'read', outcome });
      } else {
        const entries = Object.fromEntries(
          Object.entries(request.files).map(([name, text]) => [name, strToU8(text)]),
        );
        const bytes = zipSync(entries, { level: 6 });
        reply({ type: 'zipped', bytes }, [bytes.buffer]);
      }
    } catch (error) {
      reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
