import type { ToolSource } from '@parley/core/tools';
import { createMemorySource, type MemorySourceDeps } from './memory-source';
import { createPluginToolSource, type PluginToolSourceDeps } from './plugin-tool-source';
import { createWebSearchSource, type WebSearchSourceDeps } from './web-search-source';

export interface DefaultToolSourcesDeps {
  webSearch: WebSearchSourceDeps;
  plugins: PluginToolSourceDeps;
  /** Absent: the model cannot save memories (tests of other sources). */
  memory?: MemorySourceDeps;
}

/** The app's tool sources (web search, plugins, memory): a chunk loaded when an answer starts. */
export function createDefaultToolSources(deps: DefaultToolSourcesDeps): ToolSource[] {
  const sources = [createWebSearchSource(deps.webSearch), createPluginToolSource(deps.plugins)];
  if (deps.memory) sources.push(createMemorySource(deps.memory));
  return sources;
}
