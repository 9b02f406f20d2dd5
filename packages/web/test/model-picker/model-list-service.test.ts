import { FakeClock } from '@parley/core/platform';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openModelListCache } from '../../src/adapters/storage';
import { createModelListService, REFRESH_AFTER_MS } from '../../src/state/model-lists/model-list-service';
import { createModelListsStore } from '../../src/state/model-lists/model-lists-store';

type Keys = Partial<Record<'openai' | 'anthropic' | 'gemini' | 'openrouter', string>>;

const openaiList = {
  object: 'list',
  data: [{ id: 'gpt-5.1', object: 'model', created: 1, owned_by: 'system' }],
};
const routerList = {
  data: [
    {
      id: 'openai/gpt-5.2-pro',
      name: 'OpenAI: GPT-5.2 Pro',
      context_length: 400000,
      pricing: { prompt: '0.000021', completion: '0.000168' },
    },
  ],
};

/** A provider stand-in answering with real Response objects; `fail` makes OpenAI answer 401. */
function provider() {
  const calls: string[] = [];
  const state = { fail: false };
  const fetchFn = (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    if (url.includes('openrouter')) return Response.json(routerList);
    if (state.fail)
      return Response.json({ error: { message: 'Incorrect API key provided' } }, { status: 401 });
    return Response.json(openaiList);
  }) as typeof fetch;
  return { fetchFn, calls, state };
}

function setup(keys: Keys, factory = new IDBFactory(), clock = new FakeClock(), net = provider()) {
  const store = createModelListsStore(() => Promise.reject(new Error('attached below')));
  const endpoints = {
    openai: 'https://api.openai.test/v1',
    openrouter: 'https://openrouter.test/api/v1',
  } as Record<string, string>;
  const service = createModelListService({
    store,
    fetch: net.fetchFn,
    clock,
    cache: openModelListCache(factory),
    access: (p) => ({ apiKey: keys[p] ?? null, endpoint: endpoints[p] ?? `https://${p}.test` }),
  });
  store.attach(service);
  return { store, factory, clock, net };
}

describe('model list service (decision 0033)', () => {
  it('fetches only providers with a key, plus OpenRouter for metadata; the known models carry list facts', async () => {
    const { store, net } = setup({ openai: 'sk-1' });
    await store.refresh();
    expect(net.calls.sort()).toEqual([
      'https://api.openai.test/v1/models',
      'https://openrouter.test/api/v1/models',
    ]);
    expect(store.getState().lists.openai?.entries.map((e) => e.id)).toEqual(['gpt-5.1']);
    expect(store.getState().known.get('gpt-5.1')).toMatchObject({
      provider: 'openai',
      contextLength: 400000,
    });
  });

  it('nothing is fetched without any key', async () => {
    const { store, net } = setup({});
    await store.refresh();
    expect(net.calls).toEqual([]);
    expect(store.getState().cacheRead).toBe(true);
  });

  it('a list is kept in IndexedDB and not fetched again within a day; forced or a day later it is', async () => {
    const first = setup({ openai: 'sk-1' });
    await first.store.refresh();
    const net = provider();
    const again = setup({ openai: 'sk-1' }, first.factory, first.clock, net);
    await again.store.refresh();
    expect(net.calls).toEqual([]);
    expect(again.store.getState().lists.openai?.entries.map((e) => e.id)).toEqual(['gpt-5.1']);
    await again.store.refresh({ force: true });
    expect(net.calls).toHaveLength(2);
    first.clock.advance(REFRESH_AFTER_MS + 1);
    await again.store.refresh();
    expect(net.calls).toHaveLength(4);
  });

  it('a failed refresh keeps the cached list and says why', async () => {
    const { store, net } = setup({ openai: 'sk-1' });
    await store.refresh();
    net.state.fail = true;
    await store.refresh({ force: true });
    const openai = store.getState().lists.openai;
    expect(openai?.entries.map((e) => e.id)).toEqual(['gpt-5.1']);
    expect(openai?.error).toEqual({
      code: 'unauthorized',
      status: 401,
      detail: 'Incorrect API key provided',
    });
    net.state.fail = false;
    await store.refresh({ force: true });
    expect(store.getState().lists.openai?.error).toBeNull();
  });
});
