import {
  imageProviderModels,
  imageProviders,
  imageQualities,
  imageSizes,
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
  };
}
