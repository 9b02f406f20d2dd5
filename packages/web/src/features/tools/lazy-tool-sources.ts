import type { ToolSource } from '@parley/core/tools';
import { retryingImport } from '../../lib/retrying-import';
import type { PluginToolSourceDeps } from './plugin-tool-source';
import type { WebSearchSourceDeps } from './web-search-source';

/**
 * The default tool sources behind one source that loads them on first use (the first answer),
 * so their code (web search, plugin functions, HTTP actions) is not on the first screen.
 */
export function lazyDefaultToolSources(deps: {
  webSearch: WebSearchSourceDeps;
  plugins: PluginToolSourceDeps;
}): ToolSource[] {
  let loaded: Promise<ToolSource[]> | undefined;
  const sources = () =>
    (loaded ??= retryingImport(() => import('./default-sources')).then((module) =>
      module.createDefaultToolSources(deps),
    ));
  return [0, 1].map((index): ToolSource => ({
    list: async () => (await sources())[index]!.list(),
    run: async (tool, call, context) => (await sources())[index]!.run(tool, call, context),
  }));
}
