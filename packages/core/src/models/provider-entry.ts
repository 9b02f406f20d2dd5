import type { ApiType } from './model-descriptor';

/**
 * One provider as the app knows it: the single description every list of providers is built from
 * (decision 0094). A provider is one file in provider-entries/ (`{ ... } as const satisfies
 * ProviderEntry`, so its id stays a literal) and one line in provider-catalogue.ts.
 */

/** The live model list's wire format: which request and parser model-lists uses (ML1). */
export const modelListFormats = ['openai-compatible', 'anthropic', 'gemini', 'openrouter'] as const;
export type ModelListFormat = (typeof modelListFormats)[number];

/**
 * What a provider's own API offers besides chat (a model's own flags, vision and tools, still
 * decide per model): images in a request, function calling (TL*), reasoning controls (RC1),
 * embeddings, transcription (`/audio/transcriptions`: voice input can use its key), speech
 * (`/audio/speech`: reading aloud can use its key) and image generation.
 */
export const providerCapabilities = [
  'vision',
  'tools',
  'reasoning',
  'embeddings',
  'speechToText',
  'textToSpeech',
  'images',
] as const;
export type ProviderCapability = (typeof providerCapabilities)[number];

export interface ProviderEntry {
  /** Stable id: stored in models (`provider`), key vault rows and settings. */
  readonly id: string;
  /** The name the user knows it by, the same in every language ("OpenAI"). */
  readonly name: string;
  /** Default base URL of its API; empty for custom models, which carry their own full URL. */
  readonly endpoint: string;
  /**
   * The user's API key for it, kept in the key vault; null: no key of its own (custom models keep
   * theirs in their header rows). `prefix` is how its keys start, a hint for the key field.
   */
  readonly key: { readonly prefix: string } | null;
  /** The wire dialect its chat requests speak (a model's `apiType`; providers/provider-registry). */
  readonly dialect: ApiType;
  /** Its model list's format: the request and parser model-lists uses for it (ML1-ML3). */
  readonly modelList: ModelListFormat;
  /** The app fetches its live list when a key is set (custom endpoints only on request: Fetch models). */
  readonly listed: boolean;
  readonly capabilities: readonly ProviderCapability[];
}
