import type { ProviderId } from '../models';

/**
 * DO5: how large an image each provider takes before it scales it down itself (decision 0047). An
 * image over either limit is downscaled in the browser before it is stored, so no bytes are sent
 * that the provider would throw away.
 * - OpenAI: fits the image in 2048 × 2048, then its short side to 768 (high detail).
 * - Anthropic: long edge above 1568 px or above about 1.15 megapixels is scaled down.
 * - Gemini: images are tiled at 768 px; up to 3072 px on the long side is read.
 */
export interface ImageLimits {
  longSide: number;
  megapixels: number;
}

const limits: Record<string, ImageLimits> = {
  openai: { longSide: 2048, megapixels: (2048 * 1536) / 1e6 },
  openrouter: { longSide: 2048, megapixels: (2048 * 1536) / 1e6 },
  anthropic: { longSide: 1568, megapixels: 1.15 },
  gemini: { longSide: 3072, megapixels: (3072 * 2304) / 1e6 },
};

/** Compatible and custom endpoints get the OpenAI limits they imitate. */
export function imageLimitsFor(provider: ProviderId | string): ImageLimits {
  return limits[provider] ?? (limits.openai as ImageLimits);
}

/** The size an image of `width` × `height` is scaled to (never up). */
export function fitImageSize(
  width: number,
  height: number,
  limit: ImageLimits,
): { width: number; height: number; scaled: boolean } {
  const byLongSide = limit.longSide / Math.max(width, height);
  const byArea = Math.sqrt((limit.megapixels * 1e6) / (width * height));
  const scale = Math.min(1, byLongSide, byArea);
  if (scale >= 1) return { width, height, scaled: false };
  return {
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
    scaled: true,
  };
}

/** The image types every provider reads; others (GIF for Gemini) are re-encoded as PNG. */
export const PORTABLE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
