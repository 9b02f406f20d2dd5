import { pluginSecretId, WEB_SEARCH_PLUGIN_ID } from '@parley/core/plugins';
import { describe, expect, it } from 'vitest';
import { createWebSearchSource } from '../../src/features/tools/web-search-source';

const context = { signal: new AbortController().signal, userMessage: 'q', timeoutMs: 30_000 };

function source(
  engine: string,
  settings: Record<string, unknown>,
  reply: (url: string) => Response,
  enabled = true,
) {
  const urls: string[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    urls.push(String(input));
    return reply(String(input));
  }) as typeof fetch;
  const search = createWebSearchSource({
    fetch: fetchImpl,
    searchEngine: () => engine,
    pluginSettings: () => settings,
    secrets: () => ({ [pluginSecretId(WEB_SEARCH_PLUGIN_ID, 'searchEngineAPIKey')]: 'vault-key' }),
    enabled: () => enabled,
  });
  return { search, urls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('web search source', () => {
  it('WS4 offers get_web_search_results only for a turn with search on', async () => {
    expect(await source('google', {}, () => json(200, {}), false).search.list()).toEqual([]);
    const [tool] = await source('google', {}, () => json(200, {})).search.list();
    expect(tool?.definition.name).toBe('get_web_search_results');
  });

  it('WS1 WS3 Google with the vault key and the configured endpoint; results as Title/Result/URL', async () => {
    const { search, urls } = source(
      'google',
      { searchEngineID: 'cx1', googleEndpoint: 'http://sim.test/customsearch/v1', resultCount: 3 },
      () => json(200, { items: [{ title: 'T', snippet: 'S', link: 'https://l.test' }] }),
    );
    const [tool] = await search.list();
    const result = await search.run(
      tool!,
      { id: 'c', name: 'get_web_search_results', arguments: { keyword: 'tides' } },
      context,
    );
    expect(result).toEqual({ status: 'ok', forModel: 'Title: T\nResult: S\nURL: https://l.test' });
    expect(urls).toEqual(['http://sim.test/customsearch/v1?key=vault-key&cx=cx1&q=tides&num=3']);
  });

  it('WS2 WS4 over quota names the daily quota; missing settings say where to add them', async () => {
    const limited = source('google', { searchEngineID: 'cx1' }, () =>
      json(429, { error: { status: 'RESOURCE_EXHAUSTED' } }),
    );
    const [tool] = await limited.search.list();
    const call = { id: 'c', name: 'get_web_search_results', arguments: { keyword: 'x' } };
    expect(await limited.search.run(tool!, call, context)).toMatchObject({
      status: 'error',
      message: expect.stringContaining('100 queries a day'),
    });
    const searx = source('searxng', {}, () => json(200, {}));
    expect(await searx.search.run(tool!, call, context)).toMatchObject({
      status: 'error',
      message: expect.stringContaining('SearXNG instance'),
    });
  });

  it('WS3 SearXNG at its /search JSON API', async () => {
    const { search, urls } = source('searxng', { searxngURL: 'http://sim.test/searxng' }, () =>
      json(200, { results: [{ title: 'A', content: 'B', url: 'https://a.test' }] }),
    );
    const [tool] = await search.list();
    const result = await search.run(
      tool!,
      { id: 'c', name: 'get_web_search_results', arguments: { keyword: 'k' } },
      context,
    );
    expect(result).toEqual({ status: 'ok', forModel: 'Title: A\nResult: B\nURL: https://a.test' });
    expect(urls).toEqual(['http://sim.test/searxng/search?q=k&format=json']);
  });
});
