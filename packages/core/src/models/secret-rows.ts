import type { KeyValueRow } from './model-descriptor';

/**
 * Credentials inside a custom model's header and body rows (`Authorization: Bearer sk-…`). Custom
 * models live in the synced settings, which are stored unencrypted and uploaded to the sync server,
 * so the value of a secret row is kept in the browser's key vault instead: the synced model keeps the
 * row with an empty value, and the value is filled back in memory just before a request is built.
 */

/** Names that are secrets whatever their case: the auth headers providers and proxies read. */
const SECRET_NAMES: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'api-key',
  'x-goog-api-key',
]);
/** Fragments that mark a secret anywhere in a name (`X-Auth-Token`, `client_secret`, `db_password`). */
const SECRET_FRAGMENTS = ['api-key', 'api_key', 'apikey', 'token', 'secret', 'password'] as const;

/** Whether a header or body row named `name` holds a secret (case-insensitive; surrounding spaces ignored). */
export function isSecretRow(name: string): boolean {
  const lower = name.trim().toLowerCase();
  if (lower === '') return false;
  return SECRET_NAMES.has(lower) || SECRET_FRAGMENTS.some((fragment) => lower.includes(fragment));
}

export type SecretRowGroup = 'header' | 'body';

/** Custom-secret id to value, as the key vault keeps them. */
export type CustomSecrets = Readonly<Record<string, string>>;

/** The parts of a model the secret rules read and write. */
export type ModelWithRows = {
  id: string;
  headerRows?: KeyValueRow[] | undefined;
  bodyRows?: KeyValueRow[] | undefined;
};

const SEPARATOR = '\u0000';
const groups = [
  ['headerRows', 'header'],
  ['bodyRows', 'body'],
] as const;

/**
 * The stable vault id of one secret row: `<model id>\0<group>\0<lowercased name>`. Two rows of one
 * group whose names differ only in case share an id (the request builder keeps the last of them too).
 */
export function customSecretId(modelId: string, group: SecretRowGroup, name: string): string {
  return [modelId, group, name.trim().toLowerCase()].join(SEPARATOR);
}

const belongsTo = (secretId: string, modelId: string) => secretId.startsWith(modelId + SEPARATOR);

/** Calls `visit` for every secret row of `model`, with its vault id. */
function eachSecretRow(
  model: ModelWithRows,
  visit: (row: KeyValueRow, id: string, field: 'headerRows' | 'bodyRows') => void,
): void {
  for (const [field, group] of groups) {
    for (const row of model[field] ?? []) {
      if (isSecretRow(row.key)) visit(row, customSecretId(model.id, group, row.key), field);
    }
  }
}

/** Whether any secret row of `model` still holds its value (it must go to the vault). */
export function hasSecretValues(model: ModelWithRows): boolean {
  let found = false;
  eachSecretRow(model, (row) => {
    if (row.value !== '') found = true;
  });
  return found;
}

/** The vault ids of the secret rows of `model`, with or without a value. */
/** Names of the secret rows of `model` that have no value (on this device: not entered here yet). */
export function missingSecretRows(model: ModelWithRows): string[] {
  const names: string[] = [];
  eachSecretRow(model, (row) => {
    if (row.value === '') names.push(row.key.trim());
  });
  return names;
}

export function secretIdsOf(model: ModelWithRows): string[] {
  const ids = new Set<string>();
  eachSecretRow(model, (_row, id) => ids.add(id));
  return [...ids];
}

/**
 * Splits a model into the copy to store and sync (secret values emptied) and its secret values by
 * vault id (empty values left out; of rows sharing an id, the last value wins).
 */
export function splitSecretRows<T extends ModelWithRows>(model: T): { model: T; secrets: CustomSecrets } {
  const secrets: Record<string, string> = {};
  eachSecretRow(model, (row, id) => {
    if (row.value !== '') secrets[id] = row.value;
  });
  return { model: mapSecretRows(model, () => ''), secrets };
}

/**
 * The model with its empty secret rows filled from `secrets` (in memory only, never to be stored).
 * A row that still holds a value keeps it: it is newer than the vault until the migration moves it.
 */
export function fillSecretRows<T extends ModelWithRows>(model: T, secrets: CustomSecrets): T {
  return mapSecretRows(model, (row, id) => (row.value !== '' ? row.value : (secrets[id] ?? '')));
}

/** The model with each secret row's value replaced by `valueOf(row, id)`; other rows are kept as they are. */
export function mapSecretRows<T extends ModelWithRows>(
  model: T,
  valueOf: (row: KeyValueRow, id: string) => string,
): T {
  let changed = false;
  const next: T = { ...model };
  for (const [field, group] of groups) {
    const rows = model[field];
    if (!rows) continue;
    next[field] = rows.map((row) => {
      if (!isSecretRow(row.key)) return row;
      const value = valueOf(row, customSecretId(model.id, group, row.key));
      if (value === row.value) return row;
      changed = true;
      return { ...row, value };
    });
  }
  return changed ? next : model;
}

/** The vault's secrets without those of model `modelId`. */
export function withoutModelSecrets(secrets: CustomSecrets, modelId: string): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets).filter(([id]) => !belongsTo(id, modelId)));
}

/**
 * The vault's secrets after a model was saved: the model's previous secrets (under `previousId`, the
 * id it had before, if it was renamed) are replaced by `modelSecrets`, whose ids name the new id.
 */
export function replaceModelSecrets(
  secrets: CustomSecrets,
  previousId: string | null,
  modelId: string,
  modelSecrets: CustomSecrets,
): Record<string, string> {
  const rest = withoutModelSecrets(previousId ? withoutModelSecrets(secrets, previousId) : secrets, modelId);
  return { ...rest, ...modelSecrets };
}

/** The vault's secrets with model `fromId`'s moved to `toId` (the model's id changed). */
export function moveModelSecrets(
  secrets: CustomSecrets,
  fromId: string,
  toId: string,
): Record<string, string> {
  if (fromId === toId) return { ...secrets };
  const moved = Object.entries(secrets)
    .filter(([id]) => belongsTo(id, fromId))
    .map(([id, value]) => [toId + id.slice(fromId.length), value] as const);
  return { ...withoutModelSecrets(withoutModelSecrets(secrets, fromId), toId), ...Object.fromEntries(moved) };
}
