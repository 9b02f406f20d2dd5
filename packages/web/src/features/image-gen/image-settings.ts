import {
  imageBackgrounds,
  imageProviderModels,
  imageProviders,
  imageQualities,
  imageSizes,
  type ImageBackground,
  type ImageProvider,
  type ImageQuality,
  type ImageSize,
} from '@parley/core/images';

/** The built-in tool's id: its switch and settings in userPluginSettings, and its steps' origin. */
export const IMAGE_GENERATION_ID = 'parley-image-generation';
export const GENERATE_IMAGE_FUNCTION = 'generate_image';

export interface ImageSettings {
  enabled: boolean;
  provider: ImageProvider;
  model: string;
  size: ImageSize;
  quality: ImageQuality;
  /** gpt-image only: a transparent or opaque background, or the model's choice. */
  background: ImageBackground;
  /** gpt-image only: how many pictures one request makes (1 to 4). */
  n: number;
}

/** The choices of pictures per request offered for gpt-image (the API takes up to 10). */
export const imageCounts = [1, 2, 3, 4] as const;

/** Background and count apply to OpenAI's gpt-image models; the others make one picture their way. */
export function hasGptImageOptions(provider: ImageProvider): boolean {
  return provider === 'openai';
}

/** A kept count, validated: a whole number from 1 to 4, anything else 1. */
export function imageCountOf(value: unknown): number {
  const count = typeof value === 'string' ? Number(value) : value;
  return typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= imageCounts.length
    ? count
    : 1;
}

/** Every image model with its provider, in the settings' order. */
export const imageModelChoices = imageProviders.flatMap((provider) =>
  imageProviderModels[provider].map((model) => ({ provider, model })),
);

function oneOf<T extends string>(value: unknown, choices: readonly T[], fallback: T): T {
  return typeof value === 'string' && (choices as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/** The tool's own settings as kept (synced) under its id; anything unknown falls back to the default. */
export function imageSettingsOf(all: Readonly<Record<string, unknown>>): ImageSettings {
  const own = all[IMAGE_GENERATION_ID];
  const kept = (typeof own === 'object' && own !== null ? own : {}) as Record<string, unknown>;
  const choice = imageModelChoices.find((entry) => entry.model === kept.model) ?? imageModelChoices[0]!;
  return {
    enabled: kept.enabled === true,
    provider: choice.provider,
    model: choice.model,
    size: oneOf(kept.size, imageSizes, 'auto'),
    quality: oneOf(kept.quality, imageQualities, 'auto'),
    background: oneOf(kept.background, imageBackgrounds, 'auto'),
    n: imageCountOf(kept.n),
  };
}
