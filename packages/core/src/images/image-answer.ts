import type { ImageProvider } from './image-models';
import type { ImageData } from './image-request';

/**
 * What a 2xx image answer held (IG5-IG7): pictures (with the provider's words beside them, such as
 * gpt-image's revised prompt or Gemini's text part), or a refusal with the provider's reason. A
 * non-2xx answer is a `ProviderError` (`errorFromResponse`): `moderation_blocked` and
 * `content_policy_violation` are `content_filter` with the provider's message, spent credits
 * `insufficient_quota` (ER12).
 */
export type ImageAnswer =
  | { readonly kind: 'images'; readonly images: readonly ImageData[]; readonly text?: string | undefined }
  | { readonly kind: 'refused'; readonly reason: string };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,(.+)$/i;

/** Gemini finish reasons that mean the picture was withheld for its content. */
const geminiRefusals = new Set([
  'SAFETY',
  'IMAGE_SAFETY',
  'PROHIBITED_CONTENT',
  'IMAGE_PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'RECITATION',
  'IMAGE_RECITATION',
]);

function openAIAnswer(body: Json): ImageAnswer {
  const images: ImageData[] = [];
  let revised: string | undefined;
  const format = text(body.output_format) ?? 'png';
  for (const item of arrayOf(body.data)) {
    if (!isObject(item)) continue;
    const base64 = text(item.b64_json);
    if (base64) images.push({ mimeType: `image/${format === 'jpg' ? 'jpeg' : format}`, base64 });
    revised ??= text(item.revised_prompt);
  }
  return images.length > 0
    ? { kind: 'images', images, text: revised }
    : { kind: 'refused', reason: 'The provider answered without a picture.' };
}

function geminiAnswer(body: Json): ImageAnswer {
  const feedback = isObject(body.promptFeedback) ? body.promptFeedback : {};
  const blocked = text(feedback.blockReason);
  if (blocked) return { kind: 'refused', reason: text(feedback.blockReasonMessage) ?? blocked };
  const candidate = arrayOf(body.candidates).find(isObject) ?? {};
  const content = isObject(candidate.content) ? candidate.content : {};
  const images: ImageData[] = [];
  const words: string[] = [];
  for (const part of arrayOf(content.parts)) {
    if (!isObject(part)) continue;
    const inline = isObject(part.inlineData)
      ? part.inlineData
      : isObject(part.inline_data)
        ? part.inline_data
        : null;
    const data = inline ? text(inline.data) : undefined;
    if (inline && data) {
      images.push({ mimeType: text(inline.mimeType) ?? text(inline.mime_type) ?? 'image/png', base64: data });
    } else if (part.thought !== true) {
      const said = text(part.text);
      if (said) words.push(said);
    }
  }
  const finish = text(candidate.finishReason);
  if (images.length === 0) {
    const reason = (text(candidate.finishMessage) ?? words.join('\n')) || finish;
    return { kind: 'refused', reason: reason ?? 'The model answered without a picture.' };
  }
  if (finish && geminiRefusals.has(finish))
    return { kind: 'refused', reason: text(candidate.finishMessage) ?? finish };
  return { kind: 'images', images, text: words.join('\n') || undefined };
}

function openRouterAnswer(body: Json): ImageAnswer {
  const choice = arrayOf(body.choices).find(isObject) ?? {};
  const message = isObject(choice.message) ? choice.message : {};
  const images: ImageData[] = [];
  for (const item of arrayOf(message.images)) {
    if (!isObject(item)) continue;
    const imageUrl = isObject(item.image_url) ? item.image_url : {};
    const match = DATA_URL.exec(text(imageUrl.url) ?? '');
    if (match) images.push({ mimeType: match[1]!.toLowerCase(), base64: match[2]! });
  }
  const said = text(message.content) ?? text(message.refusal);
  if (images.length > 0) return { kind: 'images', images, text: said };
  return {
    kind: 'refused',
    reason: said ?? text(choice.finish_reason) ?? 'The model answered without a picture.',
  };
}

/** IG5-IG7: reads a 2xx answer's JSON (already parsed). */
export function readImageAnswer(provider: ImageProvider, body: unknown): ImageAnswer {
  const json = isObject(body) ? body : {};
  if (provider === 'openai') return openAIAnswer(json);
  if (provider === 'gemini') return geminiAnswer(json);
  return openRouterAnswer(json);
}
