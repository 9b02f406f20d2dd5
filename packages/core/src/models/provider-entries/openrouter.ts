import type { ProviderEntry } from '../provider-entry';

/** OpenRouter hosts the OpenAI dialect at its own base URL (PR9 adds its attribution headers). */
export const openrouter = {
  id: 'openrouter',
  name: 'OpenRouter',
  endpoint: 'https://openrouter.ai/api/v1',
  key: { prefix: 'sk-or-' },
  dialect: 'openai',
  modelList: 'openrouter',
  listed: true,
  capabilities: ['vision', 'tools', 'reasoning', 'images'],
} as const satisfies ProviderEntry;
