import { syncedSetting } from '@parley/core/entities';
import { customSecretId, isSecretRow, mapSecretRows, type CustomSecrets } from '@parley/core/models';
import type { StoragePort } from '@parley/core/storage';
import type { KeyVaultStore } from '../../state';
import type { CustomModel } from './custom-model-draft';

/**
 * Custom models saved before their secrets went to the key vault (or synced from a device still
 * running such a version) hold secret header and body values in the synced settings. This moves them
 * into the vault once it is open, then empties them in the settings, so the next sync carries none.
 *
 * Safe to repeat and to run in two tabs at once: values reach the vault before anything is emptied;
 * a row is emptied only when the vault now holds a value this run read for it (a value typed after
 * the first read stays for the next run); a run that finds nothing writes nothing.
 */

/** The synced `customModels` setting, read and written through the store (so sync sees the change). */
export type CustomModelsAccess = {
  read(): Promise<CustomModel[]>;
  write(models: CustomModel[]): Promise<void>;
};

export function customModelsIn(store: StoragePort): CustomModelsAccess {
  const setting = syncedSetting('customModels');
  return {
    read: () => store.settings.get(setting),
    write: (models) => store.settings.set(setting, models),
  };
}

/** Every secret value the models hold, by vault id, with all the values seen per id. */
function secretsIn(models: readonly CustomModel[]) {
  const latest: Record<string, string> = {};
  const seen = new Map<string, Set<string>>();
  for (const model of models) {
    for (const [field, group] of [
      ['headerRows', 'header'],
      ['bodyRows', 'body'],
    ] as const) {
      for (const row of model[field] ?? []) {
        if (row.value === '' || !isSecretRow(row.key)) continue;
        const id = customSecretId(model.id, group, row.key);
        latest[id] = row.value;
        seen.set(id, (seen.get(id) ?? new Set()).add(row.value));
      }
    }
  }
  return { latest, seen };
}

/** Runs one migration; resolves to the number of rows emptied in the settings. */
export async function moveCustomModelSecretsToVault(
  models: CustomModelsAccess,
  vault: KeyVaultStore,
): Promise<number> {
  if (vault.getState().status !== 'open') return 0;
  const found = secretsIn(await models.read());
  if (Object.keys(found.latest).length === 0) return 0;

  await vault.getState().updateCustomSecrets((current) => ({ ...current, ...found.latest }));
  const kept: CustomSecrets = vault.getState().secrets;

  // Read again: the user, another tab or sync may have changed the list meanwhile.
  let emptied = 0;
  const latest = await models.read();
  const next = latest.map((model) =>
    mapSecretRows(model, (row, id) => {
      const inVault = kept[id] !== undefined && found.seen.get(id)?.has(row.value) === true;
      if (row.value === '' || !inVault) return row.value;
      emptied += 1;
      return '';
    }),
  );
  if (emptied > 0) await models.write(next);
  return emptied;
}

// One run at a time in this tab, whoever asks (the app at start, the custom models screen).
let running: Promise<unknown> = Promise.resolve();

/** Queues a migration behind any running one; failures are logged, the next trigger retries. */
export function queueCustomSecretMigration(
  models: CustomModelsAccess,
  vault: KeyVaultStore,
): Promise<number> {
  const run = running.then(() => moveCustomModelSecretsToVault(models, vault));
  running = run.catch((error: unknown) =>
    console.warn('moving custom model secrets to the vault failed', error),
  );
  return run;
}
