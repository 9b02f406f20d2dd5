import type { ToolSource } from '@parley/core/tools';
import { createMcpToolSource, type McpToolSourceDeps } from '../mcp';
import { createMemorySource, type MemorySourceDeps } from './memory-source';
import { createPluginToolSource, type PluginToolSourceDeps } from './plugin-tool-source';
import { createWebSearchSource, type WebSearchSourceDeps } from './web-search-source';

export interface DefaultToolSourcesDeps {
  webSearch: WebSearchSourceDeps;
  plugins: PluginToolSourceDeps;
  /** Absent: the model cannot save memories (tests of other sources). */
  memory?: MemorySourceDeps;
  /** Absent: no MCP servers (tests of other sources). */
  mcp?: McpToolSourceDeps;
}

/**
 * The app's tool sources (web search, plugins, memory, MCP servers): a chunk loaded when an answer
 * starts. MCP comes last, so a plugin's function keeps a name an MCP tool also has (MC3).
 */
export function createDefaultToolSources(deps: DefaultToolSourcesDeps): ToolSource[] {
  const sources = [createWebSearchSource(deps.webSearch), createPluginToolSource(deps.plugins)];
  if (deps.memory) sources.push(createMemorySource(deps.memory));
  if (deps.mcp) sources.push(createMcpToolSource(deps.mcp));
  return sources;
}
