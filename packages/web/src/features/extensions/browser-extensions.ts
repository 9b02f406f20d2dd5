import { useHostSettings } from '../../state';
import { loadPluginRuntime } from '../tools';
import { createExtensionService, type ExtensionService } from './extension-service';
import { createExtensionToolSource } from './extension-tool-source';

let service: ExtensionService | undefined;

/** The app's extension service: the host's scripts, the page's fetch, the plugin sandbox. */
export function browserExtensions(): ExtensionService {
  service ??= createExtensionService({
    urls: () => useHostSettings.getState().extensions ?? [],
    fetch: (input, init) => window.fetch(input, init),
    runtime: loadPluginRuntime,
  });
  return service;
}

/** The extensions' tools as a tool source; their scripts start loading now (after the first screen). */
export function extensionToolSource() {
  const extensions = browserExtensions();
  if ((useHostSettings.getState().extensions ?? []).length > 0)
    extensions.ready().catch((error: unknown) => console.warn('Parley could not load extensions:', error));
  return createExtensionToolSource(extensions, loadPluginRuntime);
}
