import { describe, expect, it } from 'vitest';
import {
  formatSearchResults,
  googleErrorMessage,
  googleResultsOf,
  googleSearchUrl,
  searchResultCount,
  searxngResultsOf,
  searxngSearchUrl,
  webSearchPlugin,
} from '../../src/plugins';
import { pluginFunctionsOf } from '../../src/plugins';
import { parsePlugin } from '../../src/entities';

describe('web search', () => {
  it('WS1 results become Title/Result/URL blocks; none says so', () => {
    const google = googleResultsOf({
      items: [{ title: 'Tides', snippet: 'The moon.', link: 'https://x.test/t' }],
    });
    expect(formatSearchResults(google)).toBe('Title: Tides\nResult: The moon.\nURL: https://x.test/t');
    const searx = searxngResultsOf({ results: [{ title: 'A', content: 'B', url: 'https://a.test' }] });
    expect(formatSearchResults([...google, ...searx])).toContain(
      '\n\nTitle: A\nResult: B\nURL: https://a.test',
    );
    expect(formatSearchResults([])).toBe('No results found.');
  });

  it('WS2 an over-quota answer names the free quota of 100 queries a day; other errors keep Google message', () => {
    const body = { error: { code: 429, message: "limit 'Queries per day'", status: 'RESOURCE_EXHAUSTED' } };
    expect(googleErrorMessage(429, body)).toContain('the free quota of 100 queries a day is used up');
    expect(googleErrorMessage(400, { error: { message: 'API key not valid.' } })).toBe(
      'Google search failed (400): API key not valid.',
    );
  });

  it('WS3 request URLs: Google with key, cx and q; SearXNG with /search and format=json', () => {
    expect(googleSearchUrl('http://sim.test/customsearch/v1', 'cx1', 'k&1', 'a b')).toBe(
      'http://sim.test/customsearch/v1?key=k%261&cx=cx1&q=a+b&num=10',
    );
    expect(searxngSearchUrl('https://searx.test/', 'tides')).toBe(
      'https://searx.test/search?q=tides&format=json',
    );
    expect(searxngSearchUrl('https://searx.test/sx/search', 'x')).toBe(
      'https://searx.test/sx/search?q=x&format=json',
    );
  });

  it('WS4 the system plugin parses as a plugin with the spec function and its two required settings', () => {
    const plugin = parsePlugin(webSearchPlugin);
    const [fn] = pluginFunctionsOf(plugin);
    expect(fn).toMatchObject({ name: 'get_web_search_results', outputType: 'respond_to_ai' });
    expect(plugin.userSettings.map((s) => [s.name, s.type, s.required])).toEqual([
      ['searchEngineID', 'text', true],
      ['searchEngineAPIKey', 'password', true],
    ]);
  });

  it('WS5 results per search: 1 to 10, 10 by default; Google is asked for that many and neither engine gives more', () => {
    expect(searchResultCount(undefined)).toBe(10);
    expect(searchResultCount('3')).toBe(3);
    expect(searchResultCount(0)).toBe(1);
    expect(searchResultCount(50)).toBe(10);
    expect(searchResultCount(2.5)).toBe(10);
    expect(searchResultCount('many')).toBe(10);
    expect(googleSearchUrl('http://sim.test/cs', 'cx', 'k', 'q', 3)).toBe(
      'http://sim.test/cs?key=k&cx=cx&q=q&num=3',
    );
    const items = Array.from({ length: 12 }, (_, i) => ({
      title: `T${i}`,
      snippet: 'S',
      link: `https://r${i}.test`,
    }));
    expect(googleResultsOf({ items }, 3).map((r) => r.title)).toEqual(['T0', 'T1', 'T2']);
    const results = items.map((item) => ({ title: item.title, content: 'C', url: item.link }));
    expect(searxngResultsOf({ results }, 2)).toHaveLength(2);
    expect(searxngResultsOf({ results })).toHaveLength(10);
  });
});
