import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Full zod, for the screens and libraries that use it, as a copy of its own (decision 0142).
 *
 * The first screen's schemas use `zod/mini` (decision 0097); full zod (`zod`, and `zod/v4` as the
 * MCP SDK imports it) loads only with later screens. Both are built on the same `zod/v4/core`
 * modules, and a bundler cannot split a module: with one copy, the first chunk held every part of
 * zod's core that any lazy screen used (every string format and its pattern, the compiled-object
 * path, the JSON-schema helpers...), about 6 kB gzip of the first load that the first screen never
 * runs. In the build, `zod` and `zod/v4` resolve to a second copy of full zod and its core (the same
 * files under other module ids), so the first chunk keeps only what zod/mini uses. Schemas of the two copies
 * work together (zod tells its schemas and errors apart by their traits, not by their class), and
 * each copy has its settings: the copy's module turns its eval probe off first (decision 0021), and
 * sets its English messages as full zod always does.
 *
 * Build only: the dev server and the unit tests keep the one zod (size does not matter there).
 */
const ZOD_JITLESS = fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url));
/** The copy is the same files under other module ids, so the bundler tree-shakes it like any module. */
const COPY = '?parley-zod-copy';

export function zodClassicPlugin(): Plugin {
  return {
    name: 'parley-zod-classic',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const inCopy = importer?.endsWith(COPY) ?? false;
      // `zod` reaches here as src/zod-jitless.ts (the alias in vite.config.ts); the MCP SDK asks
      // for `zod/v4`. Its module turns the eval probe off, so it keeps its side effects.
      if (source === ZOD_JITLESS) return { id: `${ZOD_JITLESS}${COPY}`, moduleSideEffects: true };
      if (!inCopy && source !== 'zod/v4') return undefined;
      const from = inCopy ? importer!.slice(0, -COPY.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      return { ...resolved, id: `${resolved.id}${COPY}` };
    },
    load(id) {
      if (!id.endsWith(COPY)) return undefined;
      return readFileSync(id.slice(0, -COPY.length), 'utf8');
    },
  };
}
