import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The Python interpreter's files (decision 0092), copied from the `pyodide` package into the build
 * at `pyodide/` (served by our own host, nothing from a CDN): the loader, the Emscripten module, the
 * wasm, the standard library and the package lock. They end in `.data` so the service worker's
 * precache (js, wasm, json...) leaves these 13 MB alone: they are fetched on the first run only.
 * The version is given to the app as `import.meta.env.VITE_PYODIDE_VERSION` (cache key, CDN path).
 */
export const PYODIDE_FILES: Readonly<Record<string, string>> = {
  'loader.data': 'pyodide.mjs',
  'asm.data': 'pyodide.asm.mjs',
  'wasm.data': 'pyodide.asm.wasm',
  'stdlib.data': 'python_stdlib.zip',
  'lock.data': 'pyodide-lock.json',
};

export function pyodidePlugin(): Plugin {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('pyodide/package.json'));
  const version = (
    JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const read = (name: string): Buffer => readFileSync(path.join(packageDir, PYODIDE_FILES[name] as string));
  return {
    name: 'parley-pyodide',
    config: () => ({ define: { 'import.meta.env.VITE_PYODIDE_VERSION': JSON.stringify(version) } }),
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/pyodide\/([a-z]+\.data)(?:\?.*)?$/.exec(request.url ?? '');
        if (!match || !PYODIDE_FILES[match[1] as string]) return next();
        response.setHeader('content-type', 'application/octet-stream');
        response.end(read(match[1] as string));
      });
    },
    generateBundle() {
      for (const name of Object.keys(PYODIDE_FILES)) {
        this.emitFile({ type: 'asset', fileName: `pyodide/${name}`, source: read(name) });
      }
    },
  };
}
