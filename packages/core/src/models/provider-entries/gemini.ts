import { defineProvider } from '../provider-entry';

export const gemini = defineProvider({
  id: 'gemini',
  name: 'Gemini',
  endpoint: 'https://generativelanguage.googleapis.com/v1beta',
  key: { prefix: 'AIza' },
  dialect: 'gemini',
  modelList: 'gemini',
  listed: true,
  capabilities: {
    vision: true,
    tools: true,
    reasoning: true,
    embeddings: true,
    speechToText: false,
    textToSpeech: false,
    images: true,
  },
});
