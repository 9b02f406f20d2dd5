import { defineProvider } from '../provider-entry';

export const anthropic = defineProvider({
  id: 'anthropic',
  name: 'Anthropic',
  endpoint: 'https://api.anthropic.com/v1',
  key: { prefix: 'sk-ant-' },
  dialect: 'claude',
  modelList: 'anthropic',
  listed: true,
  capabilities: {
    vision: true,
    tools: true,
    reasoning: true,
    embeddings: false,
    speechToText: false,
    textToSpeech: false,
    images: false,
  },
});
