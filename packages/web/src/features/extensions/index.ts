// Extensions (decision 0140): the host's scripts from parley.config.json, run in the plugin sandbox;
// their tools as a tool source (app/answer-sources.ts) and Settings → Extensions.
export { extensionToolSource } from './browser-extensions';
export { ExtensionsSection } from './ExtensionsSection';
