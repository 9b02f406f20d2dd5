import type { ToolSource } from '@parley/core/tools';
import { retryingImport } from '../../state';
import type { ImageSourceDeps } from './image-source';

/** The `generate_image` source, its code loaded only once the tool is switched on (first load stays put). */
export function lazyImageSource(deps: ImageSourceDeps): ToolSource {
  let loaded: Promise<ToolSource> | undefined;
  const source = () =>
    (loaded ??= retryingImport(() => import('./image-source')).then((module) =>
      module.createImageSource(deps),
    ));
  return {
    list: async () => (deps.settings().enabled ? (await source()).list() : []),
    run: async (tool, call, context) => (await source()).run(tool, call, context),
  };
}
