/**
 * The code interpreter (decision 0092): the built-in `run_code` tool source and its switch on the
 * Plugins screen. Light at import: the source, the runner, its worker bundle and Python's files
 * load on first use.
 */
export { CODE_INTERPRETER_ID, lazyRunCodeSource } from './lazy-run-code-source';
export type { RunCodeSourceDeps } from './run-code-source';
export { BuiltinToolsSection } from './BuiltinToolsSection';
export type { CodeFile, CodeLanguage, CodeRunOutput } from './code-run-protocol';
export { runCodeNow, runnableLanguage, type CodeRunOutcome } from './run-now';
export { LazyRunButton, LazyRunOutput } from './run-controls';
export { chatCodeFiles, type ChatFileStore } from './chat-files';
