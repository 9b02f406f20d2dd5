import type { ToolSource } from '@parley/core/tools';
import { retryingImport } from '../../lib/retrying-import';
import type { DefaultToolSourcesDeps } from './default-sources';

/**
 * The default tool sources behind one source that loads them on first use (the first answer),
 * so their code (web search, plugin functions, HTTP actions) is not on the first screen.
 */
export function lazyDefaultToolSources(deps: DefaultToolSourcesDeps): ToolSource[] {
  let loaded: Promise<ToolSource[]> | undefined;
  const sources = () =>
    (loaded ??= retryingImport(() => import('./default-sources')).then((module) =>
      module.createDefaultToolSources(deps),
    ));
  return Array.from({ length: 2 + (deps.memory ? 1 : 0) + (deps.mcp ? 1 : 0) }, (_, at) => at).map(
    (index): ToolSource => ({
      list: async () => (await sources())[index]!.list(),
      run: async (tool, call, context) => (await sources())[index]!.run(tool, call, context),
    }),
  );
}
