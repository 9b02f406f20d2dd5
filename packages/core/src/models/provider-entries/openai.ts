import type { ProviderEntry } from '../provider-entry';

export const openai = {
  id: 'openai',
  name: 'OpenAI',
  endpoint: 'https://api.openai.com/v1',
  key: { prefix: 'sk-' },
  dialect: 'openai',
  modelList: 'openai-compatible',
  listed: true,
  capabilities: ['vision', 'tools', 'reasoning', 'embeddings', 'speechToText', 'textToSpeech', 'images'],
} as const satisfies ProviderEntry;
