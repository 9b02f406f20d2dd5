/**
 * ML4: what cannot hold a chat is left out of the picker unless the user asks to see everything.
 * Providers' lists mix chat models with embeddings, moderation, speech, transcription, image and
 * video generation, realtime and search-only models; their ids say which they are.
 */
const NOT_CHAT = [
  /embed/,
  /moderation/,
  /(^|[-_.:/])tts([-_.:]|$)/,
  /whisper/,
  /transcribe/,
  /(^|[-_/])audio([-_]|$)/,
  /native-audio/,
  /realtime/,
  /dall-e/,
  /gpt-image/,
  /(^|[-_/])image(-generation)?([-_]|$)/,
  /imagen/,
  /(^|[-_/])veo/,
  /(^|[-_/])sora/,
  /lyria/,
  /(^|[-_])search(-api|-preview)?([-_]|$)/,
  /computer-use/,
  /rerank/,
  /^(babbage|davinci|ada|curie)(-|$)/,
  /(^|[-_/])aqa$/,
  /(^|[-_/])live([-_]|$)/,
];

export function looksChatCapable(id: string): boolean {
  const lower = id.toLowerCase();
  return !NOT_CHAT.some((pattern) => pattern.test(lower));
}
