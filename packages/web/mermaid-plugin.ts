import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The Mermaid renderer (decision 0129), copied from the `mermaid` package's browser bundle into the
 * build at `mermaid/mermaid.data` (served by our own host). The app fetches it as text only when a
 * Mermaid canvas opens and hands it to the sandbox frame, where it runs: Mermaid never runs in the
 * app's page. `.data`, like Pyodide's files, so the service worker's precache leaves its 3.5 MB alone.
 */
export const MERMAID_FILE = 'mermaid/mermaid.data';

export function mermaidPlugin(): Plugin {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('mermaid/package.json'));
  const read = (): Buffer => readFileSync(path.join(packageDir, 'dist', 'mermaid.min.js'));
  return {
    name: 'parley-mermaid',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!/^\/mermaid\/mermaid\.data(?:\?.*)?$/.test(request.url ?? '')) return next();
        response.setHeader('content-type', 'application/octet-stream');
        response.end(read());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MERMAID_FILE, source: read() });
    },
  };
}
