import { retryingImport } from '../../state';
import type { PluginRuntime } from '../plugin-runtime';

/** The runtime chunk (sandbox host, worker bundle URL) loads on the first plugin run, once. */
let runtime: Promise<PluginRuntime> | undefined;

export function loadPluginRuntime(): Promise<PluginRuntime> {
  runtime ??= retryingImport(() => import('../plugin-runtime'), { retries: 2, offline: 'fail' }).then(
    (module) => module.createPluginRuntime(),
    (error: unknown) => {
      runtime = undefined;
      throw error;
    },
  );
  return runtime;
}
