/**
 * The plugin runtime: loaded only when a plugin runs (features/tools imports this door
 * dynamically), so neither it nor the worker bundle with Handlebars and JMESPath is in the
 * first-load bundle.
 */
export { createPluginRuntime, sandboxPageUrl, type PluginRuntime, type RunOptions } from './sandbox-host';
export type { SandboxJob, SandboxOutcome } from './sandbox-protocol';
