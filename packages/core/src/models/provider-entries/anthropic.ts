import type { ProviderEntry } from '../provider-entry';

export const anthropic = {
  id: 'anthropic',
  name: 'Anthropic',
  endpoint: 'https://api.anthropic.com/v1',
  key: { prefix: 'sk-ant-' },
  dialect: 'claude',
  modelList: 'anthropic',
  listed: true,
  capabilities: ['vision', 'tools', 'reasoning'],
} as const satisfies ProviderEntry;
