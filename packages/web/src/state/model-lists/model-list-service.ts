import {
  buildModelDirectory,
  fetchModelList,
  listedProviders,
  type ListedProvider,
} from '@parley/core/model-lists';
import { cheapModelIds, modelCatalogue, type ModelDescriptor } from '@parley/core/models';
import type { Clock } from '@parley/core/platform';
import { cacheKey, type ModelListCache } from '../../adapters/storage';
import type { ProviderAccess } from '../key-vault/provider-access';
import {
  withOrganisation,
  type ModelListService,
  type ModelListsState,
  type ModelListsStore,
  type ProviderModelList,
} from './model-lists-store';

/** Decision 0033: a list is fetched again at most once a day, unless the user asks. */
export const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;
/** After a failure, a background refresh waits this long before trying that provider again. */
const RETRY_AFTER_MS = 10 * 60 * 1000;

export interface ModelListServiceDeps {
  readonly store: Pick<ModelListsStore, 'getState' | 'setState'>;
  readonly fetch: typeof fetch;
  readonly clock: Clock;
  readonly cache: Promise<ModelListCache>;
  readonly access: (provider: ListedProvider) => ProviderAccess;
}

const EMPTY: ProviderModelList = {
  entries: [],
  endpoint: '',
  fetchedAt: null,
  truncated: false,
  loading: false,
  error: null,
};

/** Listed models by app id, for chats whose model came from a live list (costs, new chats). */
function knownModels(lists: ModelListsState['lists']): Map<string, ModelDescriptor> {
  const byProvider = Object.fromEntries(listedProviders.map((p) => [p, lists[p]?.entries ?? []]));
  const directory = buildModelDirectory({
    catalogue: modelCatalogue,
    customModels: [],
    lists: byProvider,
    showAll: true,
    cheapFallback: cheapModelIds,
  });
  return new Map(directory.filter((d) => d.live).map((d) => [d.model.id, d.model]));
}

export function createModelListService(deps: ModelListServiceDeps): ModelListService {
  const { store } = deps;
  const lastAttempt = new Map<ListedProvider, number>();
  let cacheRead: Promise<void> | undefined;

  const update = (provider: ListedProvider, change: Partial<ProviderModelList>) => {
    store.setState((state) => {
      const lists = { ...state.lists, [provider]: { ...EMPTY, ...state.lists[provider], ...change } };
      const entriesChanged = change.entries !== undefined;
      return {
        lists,
        known: entriesChanged ? withOrganisation(knownModels(lists), state.organisation) : state.known,
      };
    });
  };

  async function readCache(): Promise<void> {
    const cache = await deps.cache;
    const lists: ModelListsState['lists'] = {};
    for (const provider of listedProviders) {
      const record = await cache.get(cacheKey(provider, deps.access(provider).endpoint));
      if (record) {
        lists[provider] = {
          ...EMPTY,
          endpoint: record.endpoint,
          entries: record.entries,
          fetchedAt: record.fetchedAt,
          truncated: record.truncated,
        };
      }
    }
    store.setState((state) => ({
      lists,
      known: withOrganisation(knownModels(lists), state.organisation),
      cacheRead: true,
    }));
  }

  /** Providers with a key; OpenRouter's public list too once any key is set (its metadata, MD1). */
  function wanted(): ListedProvider[] {
    const keyed = listedProviders.filter((provider) => deps.access(provider).apiKey);
    if (keyed.length > 0 && !keyed.includes('openrouter')) keyed.push('openrouter');
    return keyed;
  }

  async function refreshOne(provider: ListedProvider, force: boolean): Promise<void> {
    const access = deps.access(provider);
    let current = store.getState().lists[provider];
    const now = deps.clock.now();
    if (current?.loading) return;
    // Another endpoint (the user changed it) is another list: the old one is not shown for it.
    if (current && current.endpoint !== access.endpoint) {
      update(provider, { ...EMPTY, endpoint: access.endpoint, entries: [] });
      current = store.getState().lists[provider];
      force = true;
    }
    if (!force) {
      if (current?.fetchedAt && now - current.fetchedAt < REFRESH_AFTER_MS) return;
      const tried = lastAttempt.get(provider);
      if (tried !== undefined && now - tried < RETRY_AFTER_MS) return;
    }
    lastAttempt.set(provider, now);
    update(provider, { loading: true, endpoint: access.endpoint });
    const result = await fetchModelList(deps.fetch, {
      provider,
      base: access.endpoint,
      apiKey: access.apiKey ?? undefined,
    });
    if (!result.ok) {
      update(provider, { loading: false, error: result.error });
      return;
    }
    const fetchedAt = deps.clock.now();
    update(provider, {
      loading: false,
      error: null,
      entries: result.entries,
      fetchedAt,
      truncated: result.truncated,
    });
    const cache = await deps.cache;
    await cache.put({
      key: cacheKey(provider, access.endpoint),
      provider,
      endpoint: access.endpoint,
      fetchedAt,
      truncated: result.truncated,
      entries: result.entries,
    });
  }

  return {
    async refresh(options) {
      cacheRead ??= readCache().catch((error: unknown) => {
        console.warn('Parley could not read cached model lists:', error);
        store.setState({ cacheRead: true });
      });
      await cacheRead;
      await Promise.all(wanted().map((provider) => refreshOne(provider, options?.force === true)));
    },
  };
}
