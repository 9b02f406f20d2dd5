import type { ToolSource } from '@parley/core/tools';
import { retryingImport } from '../../state';
import type { createImageActions, ImageActionDeps } from './image-actions';
import type { ImageSourceDeps } from './image-source';
import { imageSettingsOf } from './image-settings';

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

/**
 * "Create image" and "Edit this image" (decision 0136): whether they show is read from the settings
 * at once; their code loads with the first picture made.
 */
export function lazyImageActions(deps: ImageActionDeps) {
  let loaded: Promise<ReturnType<typeof createImageActions>> | undefined;
  const actions = () =>
    (loaded ??= retryingImport(() => import('./image-actions')).then((module) =>
      module.createImageActions(deps),
    ));
  return {
    enabled: (pluginSettings: Readonly<Record<string, unknown>>) => imageSettingsOf(pluginSettings).enabled,
    create: async (chatId: string, prompt: string) => (await actions()).create(chatId, prompt),
    edit: async (chatId: string, imageUrl: string, instruction: string) =>
      (await actions()).edit(chatId, imageUrl, instruction),
  };
}
