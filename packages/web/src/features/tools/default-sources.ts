import type { ToolSource } from '@parley/core/tools';
import { createPluginToolSource, type PluginToolSourceDeps } from './plugin-tool-source';
import { createWebSearchSource, type WebSearchSourceDeps } from './web-search-source';

/** The app's tool sources (built-in web search, then plugins): a chunk loaded when an answer starts. */
export function createDefaultToolSources(deps: {
  webSearch: WebSearchSourceDeps;
  plugins: PluginToolSourceDeps;
}): ToolSource[] {
  return [createWebSearchSource(deps.webSearch), createPluginToolSource(deps.plugins)];
}
