import type { ProviderEntry } from '../provider-entry';

/**
 * A model the user defined: it carries its own full URL, headers and key (PR3), so it has no
 * default endpoint, no key in the vault and no list the app fetches by itself.
 */
export const custom = {
  id: 'custom',
  name: 'Custom',
  endpoint: '',
  key: null,
  dialect: 'openai',
  modelList: 'openai-compatible',
  listed: false,
  capabilities: ['vision', 'tools', 'reasoning'],
} as const satisfies ProviderEntry;
