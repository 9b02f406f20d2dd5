import type { ProviderAccessInput } from '@parley/core/chat';
import {
  hostedIdOf,
  hostedModelDescriptor,
  isHostedModelId,
  type HostedModelList,
} from '@parley/core/hosted';
import type { ModelDescriptor } from '@parley/core/models';
import { SETAPP_COMPLETIONS_PATH } from '@parley/core/providers';
import { createStore, useStore } from 'zustand';

/**
 * The models the organisation offers on the server this device is signed in to (issue #37, HM1):
 * filled by <HostedModelsSync> while signed in, empty otherwise. The picker lists them in a group
 * named after the organisation; a chat with one goes through the server's relay (PR28).
 */
export type HostedModelsState = {
  /** The signed-in server (no trailing slash); null when signed out or not loaded yet. */
  serverUrl: string | null;
  organisation: string;
  models: readonly ModelDescriptor[];
  /** What a call needs besides the cookie: the bearer token where the session is kept as one. */
  headers: Readonly<Record<string, string>>;
};

const empty: HostedModelsState = { serverUrl: null, organisation: '', models: [], headers: {} };

export const hostedModelsStore = createStore<HostedModelsState>()(() => empty);

export function useHostedModels<T>(select: (state: HostedModelsState) => T): T {
  return useStore(hostedModelsStore, select);
}

export function setHostedModels(
  serverUrl: string,
  list: HostedModelList,
  headers: Readonly<Record<string, string>>,
): void {
  hostedModelsStore.setState({
    serverUrl,
    organisation: list.organisation,
    models: list.models.map(hostedModelDescriptor),
    headers,
  });
}

export function clearHostedModels(): void {
  hostedModelsStore.setState(empty);
}

/** An offered model by its app id (`hosted:…`), for a new chat started with it. */
export function hostedModel(id: string): ModelDescriptor | undefined {
  return isHostedModelId(id)
    ? hostedModelsStore.getState().models.find((model) => model.id === id)
    : undefined;
}

/**
 * PR28: how a chat with an organisation's model is sent: to the signed-in server's relay, never to
 * the provider and never with a key of this device. Signed out, the relay is the page's own server,
 * which answers that a session is needed (shown in the chat). Not a hosted model: undefined.
 */
export function hostedAccess(model: ModelDescriptor): ProviderAccessInput | undefined {
  if (!isHostedModelId(model.id)) return undefined;
  const { serverUrl, headers } = hostedModelsStore.getState();
  const base = serverUrl ?? (typeof location === 'undefined' ? '' : location.origin);
  return {
    apiKey: '',
    relay: {
      url: `${base}${SETAPP_COMPLETIONS_PATH}`,
      modelId: hostedIdOf(model.id),
      headers: { ...headers },
    },
  };
}
