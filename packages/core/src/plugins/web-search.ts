/**
 * The built-in web search (spec section 3, "The spec's example plugin"): `get_web_search_results`
 * with one `keyword` argument, run by the app's own code (no sandbox: it is trusted) against Google
 * Programmable Search (the Custom Search JSON API) or a SearXNG instance (its JSON API). Results
 * go to the model as `Title:` / `Result:` / `URL:` lines. Rules WS1-WS4 in tools/SPEC.md.
 */

export const WEB_SEARCH_FUNCTION = 'get_web_search_results';
import { WEB_SEARCH_PLUGIN_ID } from '../entities';

/** The system plugin's id; its settings live under this id in `userPluginSettings`. */
export { WEB_SEARCH_PLUGIN_ID };
export const GOOGLE_SEARCH_ENDPOINT = 'https://www.googleapis.com/customsearch/v1';
/** Google's free tier (spec catalogue facts), named in the over-quota error. */
export const GOOGLE_FREE_QUERIES_PER_DAY = 100;

export type SearchEngine = 'google' | 'searxng';

/** WS5: results per search; Google's Custom Search answers at most 10 per request. */
export const MAX_SEARCH_RESULTS = 10;
export const DEFAULT_SEARCH_RESULTS = 10;

/** WS5: the `resultCount` setting as a whole number from 1 to 10; anything else is the default. */
export function searchResultCount(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) return DEFAULT_SEARCH_RESULTS;
  return Math.min(MAX_SEARCH_RESULTS, Math.max(1, number));
}

/** The plugin definition the Plugins screen lists (system: true). */
export const webSearchPlugin = {
  id: WEB_SEARCH_PLUGIN_ID,
  uuid: WEB_SEARCH_PLUGIN_ID,
  title: 'Web Search',
  emoji: '🔍',
  system: true,
  openaiSpec: {
    name: WEB_SEARCH_FUNCTION,
    description: 'Search the web for current information. Returns titles, snippets and URLs of results.',
    parameters: {
      type: 'object',
      properties: { keyword: { type: 'string', description: 'The search query' } },
      required: ['keyword'],
    },
  },
  userSettings: [
    { name: 'searchEngineID', label: 'Search Engine ID', type: 'text', required: true },
    { name: 'searchEngineAPIKey', label: 'Search Engine API Key', type: 'password', required: true },
  ],
  implementationType: 'javascript',
  outputType: 'respond_to_ai',
} as const;

export interface SearchResult {
  title: string;
  snippet: string;
  url: string;
}

/** WS1: the model's text: one Title/Result/URL block per result. */
export function formatSearchResults(results: readonly SearchResult[]): string {
  if (results.length === 0) return 'No results found.';
  return results.map((r) => `Title: ${r.title}\nResult: ${r.snippet}\nURL: ${r.url}`).join('\n\n');
}

export function googleSearchUrl(
  endpoint: string,
  engineId: string,
  apiKey: string,
  keyword: string,
  count: number = DEFAULT_SEARCH_RESULTS,
): string {
  const url = new URL(endpoint || GOOGLE_SEARCH_ENDPOINT);
  url.searchParams.set('key', apiKey);
  url.searchParams.set('cx', engineId);
  url.searchParams.set('q', keyword);
  url.searchParams.set('num', String(searchResultCount(count)));
  return url.toString();
}

/** WS3: the instance's base URL, with or without `/search`, gets `/search?q=…&format=json`. */
export function searxngSearchUrl(baseUrl: string, keyword: string): string {
  const url = new URL(baseUrl);
  if (!url.pathname.endsWith('/search')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/search`;
  url.searchParams.set('q', keyword);
  url.searchParams.set('format', 'json');
  return url.toString();
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function googleResultsOf(body: unknown, count: number = DEFAULT_SEARCH_RESULTS): SearchResult[] {
  const items = record(body).items;
  return (Array.isArray(items) ? items : []).slice(0, searchResultCount(count)).map((item) => {
    const r = record(item);
    return { title: str(r.title), snippet: str(r.snippet), url: str(r.link) };
  });
}

export function searxngResultsOf(body: unknown, count: number = DEFAULT_SEARCH_RESULTS): SearchResult[] {
  const results = record(body).results;
  return (Array.isArray(results) ? results : []).slice(0, searchResultCount(count)).map((item) => {
    const r = record(item);
    return { title: str(r.title), snippet: str(r.content), url: str(r.url) };
  });
}

/** WS2: Google's error as the user and the model read it; the daily quota is named. */
export function googleErrorMessage(status: number, body: unknown): string {
  const error = record(record(body).error);
  const message = str(error.message);
  if (status === 429 || error.status === 'RESOURCE_EXHAUSTED' || /per day/i.test(message)) {
    return `Google search quota exceeded: the free quota of ${GOOGLE_FREE_QUERIES_PER_DAY} queries a day is used up. Try again tomorrow, or enable billing for your Programmable Search Engine.`;
  }
  return `Google search failed (${status})${message ? `: ${message}` : '.'}`;
}

/** WS4: what is missing before a search can run. */
export const WEB_SEARCH_MISSING_GOOGLE =
  'Web search needs your Search Engine ID and API key: add them in Settings → Web search.';
export const WEB_SEARCH_MISSING_SEARXNG =
  'Web search needs the address of your SearXNG instance: add it in Settings → Web search.';
