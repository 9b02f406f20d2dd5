import { lazyPart } from '../../state';

/**
 * The one-time move of custom models' secret values into the key vault, and the sweep of stored
 * model copies: work the first screen does not show, so it is fetched and mounted once that has
 * painted (decision 0141), then runs at each unlock and sync as before.
 */
export const CustomSecretMigration = lazyPart(() => import('./use-custom-secret-migration'), {
  pick: (module) => module.CustomSecretMigration,
  background: true,
});
