import type { ModelDescriptor, ProviderId } from '../models';

/**
 * Default base URLs. Kept apart from the registry on purpose: the web app's key screen reads them
 * on its first screen, and importing the registry would bring every request builder and decoder
 * into the first-load bundle.
 */

export const OPENAI_ENDPOINT = 'https://api.openai.com/v1';
export const ANTHROPIC_ENDPOINT = 'https://api.anthropic.com/v1';
export const GEMINI_ENDPOINT = 'https://generativelanguage.googleapis.com/v1beta';
/** OpenRouter hosts the OpenAI dialect at its own base URL (PR9 adds its attribution headers). */
export const OPENROUTER_ENDPOINT = 'https://openrouter.ai/api/v1';

/**
 * Who serves a model decides its default base URL (and, in the web app, its key): each vendor its
 * own dialect's endpoint, OpenRouter its own; a custom model carries its full URL.
 */
export const defaultEndpoints: Readonly<Record<ProviderId, string>> = {
  openai: OPENAI_ENDPOINT,
  anthropic: ANTHROPIC_ENDPOINT,
  gemini: GEMINI_ENDPOINT,
  openrouter: OPENROUTER_ENDPOINT,
  custom: '',
};

export function defaultEndpoint(model: Pick<ModelDescriptor, 'provider'>): string {
  return defaultEndpoints[model.provider];
}
