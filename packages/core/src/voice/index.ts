// Voice: request builders and answer readers for transcription (OpenAI, Groq, any OpenAI-compatible
// server) and speech (OpenAI, ElevenLabs), the text a voice reads and its chunks. Pure: the web app
// records, fetches and plays.
export * from './voice-errors';
export * from './transcription-request';
export * from './speech-request';
export * from './speech-text';
export * from './speech-chunks';
