import type { ProviderEntry } from '../provider-entry';

export const gemini = {
  id: 'gemini',
  name: 'Gemini',
  endpoint: 'https://generativelanguage.googleapis.com/v1beta',
  key: { prefix: 'AIza' },
  dialect: 'gemini',
  modelList: 'gemini',
  listed: true,
  capabilities: ['vision', 'tools', 'reasoning', 'embeddings', 'images'],
} as const satisfies ProviderEntry;
