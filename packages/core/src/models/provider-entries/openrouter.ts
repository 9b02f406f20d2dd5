import { defineProvider } from '../provider-entry';

/** OpenRouter hosts the OpenAI dialect at its own base URL (PR9 adds its attribution headers). */
export const openrouter = defineProvider({
  id: 'openrouter',
  name: 'OpenRouter',
  endpoint: 'https://openrouter.ai/api/v1',
  key: { prefix: 'sk-or-' },
  dialect: 'openai',
  modelList: 'openrouter',
  listed: true,
  capabilities: {
    vision: true,
    tools: true,
    reasoning: true,
    embeddings: false,
    speechToText: false,
    textToSpeech: false,
    images: true,
  },
});
