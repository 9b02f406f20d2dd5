import { describe, expect, it } from 'vitest';
import { useSim } from './helpers';

const sim = useSim();

describe('fake web search engines', () => {
  it('Google Custom Search answers items; an over-quota query gets the daily-limit 429 in Google wording', async () => {
    const ok = await fetch(`${sim().url}/customsearch/v1?key=k&cx=engine&q=tides`);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { items: { title: string; link: string; snippet: string }[] };
    expect(body.items[0]).toEqual({
      title: 'Google result 1 for tides',
      link: 'https://example.com/google/1?q=tides',
      snippet: 'Snippet 1 about tides (engine engine).',
    });
    const limited = await fetch(`${sim().url}/customsearch/v1?key=k&cx=engine&q=over-quota`);
    expect(limited.status).toBe(429);
    expect(JSON.stringify(await limited.json())).toContain("limit 'Queries per day'");
    expect((await fetch(`${sim().url}/customsearch/v1?q=x`)).status).toBe(400);
  });

  it('SearXNG answers JSON results only for format=json', async () => {
    const ok = await fetch(`${sim().url}/searxng/search?q=tides&format=json`);
    const body = (await ok.json()) as { results: { title: string; url: string; content: string }[] };
    expect(body.results).toHaveLength(2);
    expect(body.results[1]?.content).toBe('SearXNG snippet 2 about tides.');
    expect((await fetch(`${sim().url}/searxng/search?q=tides`)).status).toBe(403);
  });
});
