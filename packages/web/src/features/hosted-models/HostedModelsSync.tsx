import { HostedModelListSchema } from '@parley/core/hosted';
import { useEffect } from 'react';
import { useModelListsStore } from '../../state';
import { useCloudSync, useCloudSyncState } from '../cloud-sync';
import { clearHostedModels, hostedModelsStore, setHostedModels } from './hosted-models-store';

/**
 * Keeps the organisation's models in step with the session: fetched when signed in (and when the
 * server or the account changes), cleared when signed out. A server without hosted models (an older
 * one: 404) simply offers none. Rendered inside <CloudSyncReady>.
 */
export function HostedModelsSync({ fetch: fetchImpl = fetch }: { fetch?: typeof fetch }) {
  const cloudSync = useCloudSync();
  const email = useCloudSyncState((state) => state.email);
  const serverUrl = useCloudSyncState((state) => state.serverUrl);
  const modelLists = useModelListsStore();
  // Known models name the chats, answers and the composer: the organisation's are among them.
  useEffect(() => {
    modelLists.setOrganisationModels(hostedModelsStore.getState().models);
    return hostedModelsStore.subscribe((state, previous) => {
      if (state.models !== previous.models) modelLists.setOrganisationModels(state.models);
    });
  }, [modelLists]);
  useEffect(() => {
    if (!email) {
      clearHostedModels();
      return;
    }
    const abort = new AbortController();
    const headers = cloudSync.sessionHeaders();
    void fetchImpl(`${serverUrl}/api/hosted/models`, {
      headers,
      credentials: 'include',
      signal: abort.signal,
    })
      .then(async (res) => {
        if (!res.ok) return clearHostedModels();
        const parsed = HostedModelListSchema.safeParse(await res.json());
        if (parsed.success) setHostedModels(serverUrl, parsed.data, headers);
        else clearHostedModels();
      })
      .catch(() => {
        if (!abort.signal.aborted) clearHostedModels();
      });
    return () => abort.abort();
  }, [cloudSync, email, serverUrl, fetchImpl]);
  return null;
}
