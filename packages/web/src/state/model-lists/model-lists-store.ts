import type { ModelDescriptor } from '@parley/core/models';
import type { ListedProvider, ModelListEntry, ModelListError } from '@parley/core/model-lists';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** One provider's live list as the app holds it: the last good list stays when a refresh fails. */
export type ProviderModelList = {
  readonly entries: readonly ModelListEntry[];
  /** The endpoint the entries came from. */
  readonly endpoint: string;
  /** When the entries were fetched (ms); null when there are none yet. */
  readonly fetchedAt: number | null;
  readonly truncated: boolean;
  readonly loading: boolean;
  /** The last refresh's failure, until a refresh succeeds. */
  readonly error: ModelListError | null;
};

export type ModelListsState = {
  readonly lists: Partial<Record<ListedProvider, ProviderModelList>>;
  /** Listed models by app id (catalogue id where the catalogue knows them), for chats and costs. */
  readonly known: ReadonlyMap<string, ModelDescriptor>;
  /** The cache has been read (or there is none). */
  readonly cacheRead: boolean;
  /** The organisation's models on the signed-in server (issue #37), by app id; `known` holds them too. */
  readonly organisation: ReadonlyMap<string, ModelDescriptor>;
};

/** `known` with the organisation's models in it (they have no live list of their own). */
export function withOrganisation(
  known: ReadonlyMap<string, ModelDescriptor>,
  organisation: ReadonlyMap<string, ModelDescriptor>,
): ReadonlyMap<string, ModelDescriptor> {
  return organisation.size === 0 ? known : new Map([...known, ...organisation]);
}

/**
 * The live model lists (decision 0033). The state is small and on the first screen; the code that
 * fetches, validates and caches the lists is a chunk of its own (`model-list-service.ts`), loaded
 * after the first screen or when the picker opens, and given to `attach`.
 */
export type ModelListsStore = StoreApi<ModelListsState> & {
  /** Loads the service (once) and refreshes what is older than a day; `force` refreshes all. */
  refresh(options?: { force?: boolean }): Promise<void>;
  attach(service: ModelListService): void;
  /** Sets the organisation's models (hosted-models keeps them in step with the session). */
  setOrganisationModels(models: readonly ModelDescriptor[]): void;
};

export interface ModelListService {
  refresh(options?: { force?: boolean }): Promise<void>;
}

export function createModelListsStore(load: () => Promise<ModelListService>): ModelListsStore {
  const api = createStore<ModelListsState>()(() => ({
    lists: {},
    known: new Map(),
    cacheRead: false,
    organisation: new Map(),
  }));
  let service: Promise<ModelListService> | undefined;
  return {
    ...api,
    attach(given) {
      service = Promise.resolve(given);
    },
    setOrganisationModels(models) {
      api.setState((state) => {
        const organisation = new Map(models.map((model) => [model.id, model]));
        const live = new Map([...state.known].filter(([id]) => !state.organisation.has(id)));
        return { organisation, known: withOrganisation(live, organisation) };
      });
    },
    async refresh(options) {
      // A chunk that failed to load is asked for again next time.
      service ??= load().catch((error: unknown) => {
        service = undefined;
        throw error;
      });
      await (await service).refresh(options);
    },
  };
}
