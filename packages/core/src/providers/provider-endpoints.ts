import { providerEndpoints, type ModelDescriptor, type ProviderId } from '../models';

/**
 * Default base URLs, read from the provider registry (models/provider-catalogue.ts). Kept apart
 * from the dialect registry on purpose: importing that would bring every request builder and
 * decoder into the first-load bundle.
 */

export const OPENAI_ENDPOINT = providerEndpoints.openai;
export const ANTHROPIC_ENDPOINT = providerEndpoints.anthropic;
export const GEMINI_ENDPOINT = providerEndpoints.gemini;
/** OpenRouter hosts the OpenAI dialect at its own base URL (PR9 adds its attribution headers). */
export const OPENROUTER_ENDPOINT = providerEndpoints.openrouter;

/**
 * PR22: Setapp-hosted models speak the OpenAI contract at this path of the hosting app. Here, not
 * with the dialect: the organisation's model list (first screen) names it without its request code.
 */
export const SETAPP_COMPLETIONS_PATH = '/api/hosted/tm_completions';

/**
 * Who serves a model decides its default base URL (and, in the web app, its key): each vendor its
 * own dialect's endpoint, OpenRouter its own; a custom model carries its full URL.
 */
export const defaultEndpoints: Readonly<Record<ProviderId, string>> = providerEndpoints;

export function defaultEndpoint(model: Pick<ModelDescriptor, 'provider'>): string {
  return defaultEndpoints[model.provider];
}
