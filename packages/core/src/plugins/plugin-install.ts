import { parsePlugin, type Plugin } from '../entities';
import type { Clock, IdGenerator } from '../platform';
import { isoNow } from '../platform';
import type { RawObject } from './plugin-validation';

/**
 * From a checked plugin file to the stored plugin and back (PL13, PL16-PL17). Fields only this
 * app sets are not taken from a file and not written to an export.
 */

const APP_FIELDS = ['schemaVersion', 'enabled', 'installed', 'updated', 'syncedAt', 'deletedAt'] as const;

function withoutAppFields(record: RawObject): RawObject {
  const out = { ...record };
  for (const field of APP_FIELDS) delete out[field];
  return out;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export interface InstallOptions {
  clock: Clock;
  ids: IdGenerator;
  installed: readonly Plugin[];
  /** Whether a new plugin starts enabled (false once the plan's limit is reached). */
  enable: boolean;
}

/**
 * The plugin to store for a checked file. A file updating an installed plugin keeps that plugin's
 * id, creation time and enabled switch (PL13); a new one keeps the file's id unless another
 * plugin holds it (generation 1 ids are often just the function name).
 */
export function pluginFromRecord(
  record: RawObject,
  replaces: Plugin | undefined,
  options: InstallOptions,
): Plugin {
  const now = isoNow(options.clock);
  const taken = new Set(options.installed.map((p) => p.id));
  const fileId = text(record.id);
  const uuid = text(record.uuid);
  const id =
    replaces?.id ??
    [uuid, fileId].find((candidate) => candidate !== undefined && !taken.has(candidate)) ??
    `plugin-${options.ids.randomId()}`;
  return parsePlugin({
    ...withoutAppFields(record),
    id,
    uuid: uuid ?? replaces?.uuid ?? id,
    installed: true,
    enabled: replaces ? replaces.enabled : options.enable,
    createdAt: replaces?.createdAt ?? text(record.createdAt) ?? now,
    updatedAt: now,
    deletedAt: null,
    syncedAt: null,
  });
}

/**
 * The file an export writes: the plugin as it came in (generation 1 or 2, unknown fields kept),
 * without what only this app records about it (PL17).
 */
export function pluginFileOf(plugin: Plugin): RawObject {
  const out = withoutAppFields(plugin as unknown as RawObject);
  if (out.openaiSpec === null) delete out.openaiSpec;
  return out;
}

/** A safe file name for an export: the title in lower case, other characters as dashes. */
export function pluginFileName(plugin: Plugin): string {
  const base = plugin.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'plugin'}.json`;
}
