import { buildModelDirectory, listedProviders, type DirectoryModel } from '@parley/core/model-lists';
import { cheapModelIds, modelCatalogue } from '@parley/core/models';
import { useMemo } from 'react';
import { useModelLists, useProviderAccess, useSyncedSettings } from '../../state';
import { useHostedModels } from '../hosted-models';
import { rememberLast } from './remember-last';

/**
 * The last directory built, kept across openings of the picker (its popup mounts afresh each time):
 * with thousands of listed models, building it is the costly part of opening.
 */
const memoised = rememberLast<DirectoryModel[]>();

/**
 * The picker's directory: per provider its live list where the user has a key and a list is at hand
 * (cached or fresh), else the catalogue; then the custom models (MD5).
 */
export function useModelDirectory(showAll: boolean): DirectoryModel[] {
  const lists = useModelLists((state) => state.lists);
  const customModels = useSyncedSettings((state) => state.values.customModels);
  const access = useProviderAccess();
  const keyed = listedProviders.filter((p) => access(p).apiKey);
  const keyedKey = keyed.join(',');
  // The organisation's models (issue #37) come first, in a group of their own.
  const hosted = useHostedModels((state) => state.models);
  return useMemo(
    () =>
      memoised([lists, customModels, keyedKey, showAll, hosted], () => [
        ...hosted.map((model) => ({ model, live: false, chat: true })),
        ...buildModelDirectory({
          catalogue: modelCatalogue,
          customModels,
          lists: Object.fromEntries(keyed.map((provider) => [provider, lists[provider]?.entries ?? []])),
          openRouterMetadata: lists.openrouter?.entries,
          showAll,
          cheapFallback: cheapModelIds,
        }),
      ]),
    // keyed is derived from keyedKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lists, customModels, keyedKey, showAll, hosted],
  );
}
