/**
 * Tools in the chat: the registry of tool sources (plugins now), running one answer's calls, and
 * the step view. The plugin runtime itself loads only when a plugin runs (plugin-runtime-loader).
 */
export type { PluginToolSourceDeps } from './plugin-tool-source';
export { lazyDefaultToolSources } from './lazy-tool-sources';
export { loadPluginRuntime } from './plugin-runtime-loader';
export { runToolCalls, type RunToolCallsInput } from './run-tool-calls';
export { createToolRegistry, type ToolRegistry } from './tool-registry';
export { ToolCallsLine, ToolStep } from './ToolStep';
export {
  setImageActions,
  setToolImageView,
  useImageActions,
  type ImageActions,
  type ToolImageView,
} from './tool-image-view';
export type { WebSearchSourceDeps } from './web-search-source';
export { consumeWebSearch, restoreWebSearch, useWebSearchToggle } from './web-search-toggle';
export { WebSearchButton } from './WebSearchButton';
export { WebSearchSection } from './WebSearchSection';
