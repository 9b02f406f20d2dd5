import type { ToolSource } from '@parley/core/tools';
import { retryingImport } from '../../state';
import type { RunCodeSourceDeps } from './run-code-source';

/** The built-in tool's id: its switch in userPluginSettings and its steps' origin. */
export const CODE_INTERPRETER_ID = 'parley-code-interpreter';

/** The `run_code` source, its code loaded only once the interpreter is switched on (first load stays put). */
export function lazyRunCodeSource(deps: RunCodeSourceDeps): ToolSource {
  let loaded: Promise<ToolSource> | undefined;
  const source = () =>
    (loaded ??= retryingImport(() => import('./run-code-source')).then((module) =>
      module.createRunCodeSource(deps),
    ));
  return {
    list: async () => (deps.enabled() ? (await source()).list() : []),
    run: async (tool, call, context) => (await source()).run(tool, call, context),
  };
}
