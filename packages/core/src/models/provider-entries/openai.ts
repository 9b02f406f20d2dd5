import { defineProvider } from '../provider-entry';

export const openai = defineProvider({
  id: 'openai',
  name: 'OpenAI',
  endpoint: 'https://api.openai.com/v1',
  key: { prefix: 'sk-' },
  dialect: 'openai',
  modelList: 'openai-compatible',
  listed: true,
  capabilities: {
    vision: true,
    tools: true,
    reasoning: true,
    embeddings: true,
    speechToText: true,
    textToSpeech: true,
    images: true,
  },
});
