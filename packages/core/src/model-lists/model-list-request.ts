import { providerEntry, type ProviderId } from '../models';

/** Where a model list comes from: a provider's base URL (the one chat requests use) and its key. */
export interface ModelListSource {
  readonly provider: ProviderId;
  /** Base URL without the trailing path, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  readonly base: string;
  readonly apiKey?: string | undefined;
  /** Extra headers (a custom endpoint's header rows, secrets filled in). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

export interface ModelListRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
}

/** Must match PR10: the Anthropic API refuses a browser's request without the direct-access header. */
const ANTHROPIC_VERSION = '2023-06-01';
/** The largest page each paginated API allows, so a long list takes as few requests as it can. */
const ANTHROPIC_PAGE = 1000;
const GEMINI_PAGE = 1000;

function trimSlash(base: string): string {
  return base.replace(/\/+$/, '');
}

/**
 * ML1: the request for one page of a provider's model list. `cursor` is the previous page's
 * `last_id` (Anthropic) or `nextPageToken` (Gemini); the others are not paginated.
 */
export function modelListRequest(source: ModelListSource, cursor?: string): ModelListRequest {
  const base = trimSlash(source.base);
  const headers: Record<string, string> = { Accept: 'application/json', ...source.headers };
  const key = source.apiKey?.trim();
  switch (providerEntry(source.provider).modelList) {
    case 'anthropic': {
      if (key) headers['x-api-key'] = key;
      headers['anthropic-version'] = ANTHROPIC_VERSION;
      headers['anthropic-dangerous-direct-browser-access'] = 'true';
      const query = new URLSearchParams({ limit: String(ANTHROPIC_PAGE) });
      if (cursor) query.set('after_id', cursor);
      return { url: `${base}/models?${query.toString()}`, headers };
    }
    case 'gemini': {
      // The key goes in a header, never in the URL (PR: URLs end up in logs and history).
      if (key) headers['x-goog-api-key'] = key;
      const query = new URLSearchParams({ pageSize: String(GEMINI_PAGE) });
      if (cursor) query.set('pageToken', cursor);
      return { url: `${base}/models?${query.toString()}`, headers };
    }
    case 'openrouter':
      // Public: no key needed, and none is sent (the list is fetched for metadata even without one).
      return { url: `${base}/models`, headers };
    case 'openai-compatible':
      if (key) headers.Authorization = `Bearer ${key}`;
      return { url: `${base}/models`, headers };
  }
}

/**
 * The base URL of an OpenAI-compatible endpoint from the full chat URL a custom model stores:
 * `http://host:1234/v1/chat/completions` -> `http://host:1234/v1`. A URL that is already a base is
 * kept; one without a version segment gets the path as it is.
 */
export function compatibleBaseFromEndpoint(endpoint: string): string {
  const trimmed = trimSlash(endpoint.trim());
  return trimmed.replace(/\/(chat\/completions|completions|responses|models)$/, '');
}
