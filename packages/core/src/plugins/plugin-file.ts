import type { Plugin } from '../entities';
import { pluginFunctionsOf } from './plugin-functions';
import {
  decodeJsonField,
  functionError,
  isObject,
  MAX_PLUGIN_FILE_CHARS,
  MAX_PLUGIN_FUNCTIONS,
  pluginMessages,
  pluginMetaError,
  type RawObject,
} from './plugin-validation';

/**
 * Reading a plugin file (plugin-format.md) before it is installed (PL1-PL15). The result is the
 * file's own object with JSON-text fields decoded and every unknown field kept, so an export gives
 * back what came in. Nothing is stored here: the caller stores `record` only when `ok`.
 */

export type PluginGeneration = 1 | 2;

export type PluginFileResult =
  | {
      ok: true;
      record: RawObject;
      generation: PluginGeneration;
      /** The installed plugin with the same uuid (or id) that this file updates (PL13). */
      replaces: Plugin | undefined;
    }
  | { ok: false; error: string };

const JSON_TEXT_FIELDS = [
  ['openaiSpec', 'The function spec'],
  ['userSettings', 'User Settings'],
  ['httpAction', 'The HTTP action'],
  ['serverConfig', 'The MCP server config'],
] as const;

function decodeFields(raw: RawObject): { ok: true; value: RawObject } | { ok: false; error: string } {
  const out = { ...raw };
  for (const [field, label] of JSON_TEXT_FIELDS) {
    if (!(field in out)) continue;
    // userSettings text is checked by the spec's own messages (userSettingsError).
    if (field === 'userSettings') continue;
    const decoded = decodeJsonField(out[field], label);
    if (!decoded.ok) return decoded;
    out[field] = decoded.value;
  }
  return { ok: true, value: out };
}

function userSettingsArray(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? [] : (JSON.parse(value) as unknown);
}

/** The function names a plugin defines, the same rule as pluginFunctionsOf. */
function functionNames(plugin: Plugin): string[] {
  return pluginFunctionsOf(plugin).map((fn) => fn.name);
}

function sameIdentity(plugin: Plugin, record: RawObject): boolean {
  const uuid = typeof record.uuid === 'string' && record.uuid !== '' ? record.uuid : undefined;
  const id = typeof record.id === 'string' && record.id !== '' ? record.id : undefined;
  if (uuid) return plugin.uuid === uuid || plugin.id === uuid;
  return id !== undefined && plugin.id === id;
}

/** The installed plugin a record replaces: same uuid, or same id when the file has no uuid. */
export function installedCounterpart(record: RawObject, installed: readonly Plugin[]): Plugin | undefined {
  return installed.find((p) => !p.deletedAt && sameIdentity(p, record));
}

/**
 * Validates a decoded plugin object against the installed plugins: used for files and for what the
 * editor saves (`editing` is the plugin being edited, which its own names do not clash with).
 */
export function checkPluginRecord(
  input: unknown,
  installed: readonly Plugin[],
  editing?: Plugin,
): PluginFileResult {
  if (!isObject(input)) return { ok: false, error: pluginMessages.notObject };
  const decoded = decodeFields(input);
  if (!decoded.ok) return decoded;
  const raw = decoded.value;
  const metaProblem = pluginMetaError(raw);
  if (metaProblem) return { ok: false, error: metaProblem };
  raw.userSettings = userSettingsArray(raw.userSettings) ?? [];

  const generation: PluginGeneration = Array.isArray(raw.pluginFunctions) ? 2 : 1;
  let functions: RawObject[];
  if (generation === 2) {
    const list = raw.pluginFunctions as unknown[];
    if (list.length === 0) return { ok: false, error: pluginMessages.noFunction };
    if (list.length > MAX_PLUGIN_FUNCTIONS) return { ok: false, error: pluginMessages.tooManyFunctions };
    functions = [];
    for (const [index, entry] of list.entries()) {
      if (!isObject(entry)) return { ok: false, error: `Function ${index + 1} is not an object.` };
      const fn = decodeFields(entry);
      if (!fn.ok) return fn;
      functions.push(fn.value);
    }
    raw.pluginFunctions = functions;
  } else {
    functions = [raw];
  }
  for (const [index, fn] of functions.entries()) {
    const problem = functionError(fn, generation === 2 ? ` ${index + 1}` : '');
    if (problem) return { ok: false, error: problem };
  }

  const names = functions.map((fn) =>
    String((isObject(fn.openaiSpec) ? fn.openaiSpec.name : undefined) ?? fn.name),
  );
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return { ok: false, error: `Duplicate function name: "${name}".` };
    seen.add(name);
  }
  const replaces = editing ?? installedCounterpart(raw, installed);
  for (const other of installed) {
    if (other.deletedAt || other.id === replaces?.id) continue;
    const clash = functionNames(other).find((name) => seen.has(name));
    if (clash) {
      return {
        ok: false,
        error: `Duplicate function name: "${clash}" is already used by the plugin "${other.title}".`,
      };
    }
  }
  return { ok: true, record: raw, generation, replaces };
}

/** A plugin file as text (PL10-PL12); `installed` are the plugins on this device. */
export function readPluginFile(text: string, installed: readonly Plugin[]): PluginFileResult {
  if (text.length > MAX_PLUGIN_FILE_CHARS) return { ok: false, error: pluginMessages.tooLarge };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: pluginMessages.notJson };
  }
  return checkPluginRecord(parsed, installed);
}

/**
 * A repository's pair (PL14): `plugin.json` holds the metadata, `implementation.js` the code of
 * its single JavaScript function.
 */
export function readRepositoryPlugin(
  pluginJson: string,
  implementationJs: string,
  installed: readonly Plugin[],
): PluginFileResult {
  if (pluginJson.length + implementationJs.length > MAX_PLUGIN_FILE_CHARS) {
    return { ok: false, error: pluginMessages.tooLarge };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(pluginJson);
  } catch {
    return { ok: false, error: pluginMessages.notJson };
  }
  if (!isObject(parsed)) return { ok: false, error: pluginMessages.notObject };
  return checkPluginRecord({ ...parsed, code: implementationJs }, installed);
}

/** The message an import failure shows: the spec's sentence, then the reason (PL15). */
export function pluginImportError(reason: string): string {
  return `${pluginMessages.importFailed} ${reason}`;
}
