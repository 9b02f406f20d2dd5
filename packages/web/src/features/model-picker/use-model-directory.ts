import { buildModelDirectory, listedProviders, type DirectoryModel } from '@parley/core/model-lists';
import { cheapModelIds, modelCatalogue } from '@parley/core/models';
import { useMemo } from 'react';
import {
  useHostSettings,
  providerOffered,
  useModelLists,
  useProviderAccess,
  useSyncedSettings,
} from '../../state';
import { useHostedModels } from '../hosted-models';
import { useFeatureFlags } from '../license';
import { rememberLast } from './remember-last';

/**
 * The last directory built, kept across openings of the picker (its popup mounts afresh each time):
 * with thousands of listed models, building it is the costly part of opening.
 */
const memoised = rememberLast<DirectoryModel[]>();

const NO_CUSTOM_MODELS: readonly [] = [];

/**
 * The picker's directory: per provider its live list where the user has a key and a list is at hand
 * (cached or fresh), else the catalogue; then the custom models (MD5). Only the providers the host
 * offers (parley.config.json `providers`), and no custom models when its customModels flag is off.
 */
export function useModelDirectory(showAll: boolean): DirectoryModel[] {
  const lists = useModelLists((state) => state.lists);
  const customModelsShown = useFeatureFlags((state) => state.flags.customModels);
  const storedCustomModels = useSyncedSettings((state) => state.values.customModels);
  const customModels = customModelsShown ? storedCustomModels : NO_CUSTOM_MODELS;
  const offered = useHostSettings((settings) => settings.providers);
  const access = useProviderAccess();
  const keyed = listedProviders.filter((p) => access(p).apiKey && providerOffered({ providers: offered }, p));
  const keyedKey = keyed.join(',');
  // The organisation's models (issue #37) come first, in a group of their own.
  const hosted = useHostedModels((state) => state.models);
  return useMemo(
    () =>
      memoised([lists, customModels, keyedKey, showAll, hosted, offered], () => [
        ...hosted.map((model) => ({ model, live: false, chat: true })),
        ...buildModelDirectory({
          catalogue: modelCatalogue,
          customModels,
          lists: Object.fromEntries(keyed.map((provider) => [provider, lists[provider]?.entries ?? []])),
          openRouterMetadata: lists.openrouter?.entries,
          showAll,
          cheapFallback: cheapModelIds,
        }).filter(
          // A custom model is the user's own endpoint, not a provider the host offers or not.
          (entry) =>
            entry.model.source === 'custom' || providerOffered({ providers: offered }, entry.model.provider),
        ),
      ]),
    // keyed is derived from keyedKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lists, customModels, keyedKey, showAll, hosted, offered],
  );
}
