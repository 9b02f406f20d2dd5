import { providerEntry } from '../models';

/**
 * The providers whose own API returns pictures (decision 0127), each with its image models, newest
 * first: OpenAI's gpt-image family (`/images/generations` and `/images/edits`), Gemini's image models
 * (`generateContent` with an IMAGE response modality) and OpenRouter's image-capable models (its
 * chat completions with `modalities: ["image", "text"]`, pictures in `message.images`). Each is a
 * provider whose registry entry names the `images` capability (decision 0094).
 */
export const imageProviderModels = {
  openai: ['gpt-image-1', 'gpt-image-1-mini'],
  gemini: ['gemini-2.5-flash-image', 'gemini-3-pro-image-preview'],
  openrouter: ['google/gemini-2.5-flash-image', 'openai/gpt-5-image-mini'],
} as const;
export type ImageProvider = keyof typeof imageProviderModels;
export const imageProviders = Object.keys(imageProviderModels) as ImageProvider[];

/** gpt-image sizes (IG2); Gemini and OpenRouter take the same choice as an aspect ratio. */
export const imageSizes = ['auto', '1024x1024', '1536x1024', '1024x1536'] as const;
export type ImageSize = (typeof imageSizes)[number];
export const imageQualities = ['auto', 'low', 'medium', 'high'] as const;
export type ImageQuality = (typeof imageQualities)[number];
export const imageBackgrounds = ['auto', 'opaque', 'transparent'] as const;
export type ImageBackground = (typeof imageBackgrounds)[number];
/** gpt-image makes 1 to 10 pictures per request. */
export const MAX_IMAGES_PER_REQUEST = 10;

/** The aspect ratio Gemini's `imageConfig` takes for a size; `auto` leaves it to the model. */
export function aspectRatioOf(size: ImageSize): string | undefined {
  if (size === '1536x1024') return '3:2';
  if (size === '1024x1536') return '2:3';
  if (size === '1024x1024') return '1:1';
  return undefined;
}

export function isImageProvider(value: string): value is ImageProvider {
  return Object.hasOwn(imageProviderModels, value);
}

/** The base URL without a trailing slash; when empty, the provider registry's. */
export function imageEndpoint(provider: ImageProvider, endpoint: string | undefined): string {
  const trimmed = (endpoint ?? '').trim().replace(/\/+$/, '');
  return trimmed === '' ? providerEntry(provider).endpoint : trimmed;
}
