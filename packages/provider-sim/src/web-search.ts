import { jsonAnswer } from './http-io';
import type { HttpAnswer } from './http-io';

/**
 * Fake web search engines for the built-in web search: Google's Custom Search JSON API
 * (`GET /customsearch/v1?key&cx&q`) and SearXNG's JSON API (`GET /searxng/search?q&format=json`).
 * A query containing `over-quota` gets Google's daily-limit answer (429, its own wording).
 */
export const GOOGLE_SEARCH_ROUTE = '/customsearch/v1';
export const SEARXNG_ROUTE = '/searxng/search';

export function googleSearch(url: URL): HttpAnswer {
  const key = url.searchParams.get('key') ?? '';
  const cx = url.searchParams.get('cx') ?? '';
  const q = url.searchParams.get('q') ?? '';
  if (key === '' || cx === '') {
    return jsonAnswer(400, {
      error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' },
    });
  }
  if (q.includes('over-quota')) {
    return jsonAnswer(429, {
      error: {
        code: 429,
        message:
          "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'customsearch.googleapis.com' for consumer 'project_number:000000000000'.",
        status: 'RESOURCE_EXHAUSTED',
      },
    });
  }
  return jsonAnswer(200, {
    kind: 'customsearch#search',
    items: [1, 2].map((n) => ({
      title: `Google result ${n} for ${q}`,
      link: `https://example.com/google/${n}?q=${encodeURIComponent(q)}`,
      snippet: `Snippet ${n} about ${q} (engine ${cx}).`,
    })),
  });
}

export function searxngSearch(url: URL): HttpAnswer {
  const q = url.searchParams.get('q') ?? '';
  if (url.searchParams.get('format') !== 'json') return jsonAnswer(403, { error: 'format not allowed' });
  return jsonAnswer(200, {
    query: q,
    results: [1, 2].map((n) => ({
      title: `SearXNG result ${n} for ${q}`,
      url: `https://example.com/searxng/${n}?q=${encodeURIComponent(q)}`,
      content: `SearXNG snippet ${n} about ${q}.`,
    })),
  });
}
