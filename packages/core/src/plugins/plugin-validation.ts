import { pluginOutputTypes } from '../entities';
import { userSettingsError } from './user-settings-validation';

/**
 * Validation of a plugin as a file or the editor gives it (PL1-PL14): the first problem found, in
 * words a user can act on. Limits are decision 0042.
 */

/** A plugin file larger than this is refused before it is parsed (PL12). */
export const MAX_PLUGIN_FILE_CHARS = 1_000_000;
/** One function's JavaScript may be at most this long (PL12). */
export const MAX_PLUGIN_CODE_CHARS = 200_000;
/** A plugin may hold at most this many functions (PL12). */
export const MAX_PLUGIN_FUNCTIONS = 50;

export const pluginMessages = {
  importFailed: 'Unable to import plugin. Please try again.',
  nameRequired: 'Plugin name is required',
  notJson: 'The file is not valid JSON.',
  notObject: 'A plugin file holds one JSON object.',
  tooLarge: `The file is larger than ${MAX_PLUGIN_FILE_CHARS / 1_000_000} MB.`,
  noFunction: 'The plugin has no function.',
  tooManyFunctions: `A plugin may have at most ${MAX_PLUGIN_FUNCTIONS} functions.`,
} as const;

// Function names go to every provider as tool names; this is the strictest of their rules.
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const IMPLEMENTATION_TYPES = ['javascript', 'http', 'mcp'];
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export type RawObject = Record<string, unknown>;

export function isObject(value: unknown): value is RawObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field given as JSON text is decoded; text that does not parse is reported by `label`. */
export function decodeJsonField(
  value: unknown,
  label: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  if (typeof value !== 'string') return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(value) as unknown };
  } catch {
    return { ok: false, error: `${label} is not valid JSON.` };
  }
}

function specError(spec: unknown, where: string): string | null {
  if (!isObject(spec)) return `The function spec${where} must have a name and a description.`;
  const { name, description, parameters } = spec;
  if (typeof name !== 'string' || name.trim() === '') {
    return `The function spec${where} must have a name.`;
  }
  if (typeof description !== 'string' || description.trim() === '') {
    return `The function spec of "${name}" must have a description.`;
  }
  if (!FUNCTION_NAME.test(name)) {
    return `The function name "${name}" may hold only letters, digits, _ and - (at most 64).`;
  }
  return parametersError(parameters, name);
}

/** A function's parameters are a JSON Schema of an object (PL4). */
export function parametersError(parameters: unknown, name: string): string | null {
  if (parameters === undefined) return null;
  if (!isObject(parameters)) return `The parameters of "${name}" must be a JSON Schema object.`;
  if (parameters.type !== undefined && parameters.type !== 'object') {
    return `The parameters of "${name}" must be a JSON Schema with "type": "object".`;
  }
  if (parameters.properties !== undefined && !isObject(parameters.properties)) {
    return `The parameters of "${name}" must list their properties as an object.`;
  }
  if (parameters.required !== undefined && !Array.isArray(parameters.required)) {
    return `The parameters of "${name}" must list required ones as an array.`;
  }
  return null;
}

/** An HTTP action needs a method and a URL; its result transform names its engine (PL5). */
export function httpActionError(action: unknown, name: string): string | null {
  if (!isObject(action)) return `The HTTP action of "${name}" is missing.`;
  if (typeof action.url !== 'string' || action.url.trim() === '') {
    return `The HTTP action of "${name}" needs a URL.`;
  }
  const method = typeof action.method === 'string' ? action.method.toUpperCase() : 'GET';
  if (!HTTP_METHODS.includes(method)) return `The HTTP action of "${name}" has an unknown method.`;
  const transform = action.resultTransform;
  if (action.hasResultTransform === true && isObject(transform)) {
    const engine = transform.engine;
    if (engine !== 'handlebars' && engine !== 'jmes') {
      return `The result transform of "${name}" must use "handlebars" or "jmes".`;
    }
  }
  return null;
}

/**
 * One function (generation 1: the plugin itself; generation 2: an entry of `pluginFunctions`), its
 * JSON-text fields already decoded. `where` locates it in messages (' 2' for the second function).
 */
export function functionError(fn: RawObject, where: string): string | null {
  const type = fn.implementationType ?? 'javascript';
  if (typeof type !== 'string' || !IMPLEMENTATION_TYPES.includes(type)) {
    return `The implementation type${where} must be "javascript", "http" or "mcp".`;
  }
  if (type === 'mcp') {
    // An MCP function's spec comes from its server; it needs a name and the server to ask.
    const name = isObject(fn.openaiSpec) ? fn.openaiSpec.name : fn.name;
    if (typeof name !== 'string' || name.trim() === '') return `The function${where} must have a name.`;
    return isObject(fn.serverConfig) ? null : `The MCP function "${name}" needs a serverConfig.`;
  }
  const specProblem = specError(fn.openaiSpec, where);
  if (specProblem) return specProblem;
  const name = (fn.openaiSpec as RawObject).name as string;
  if (fn.outputType !== undefined && !(pluginOutputTypes as readonly unknown[]).includes(fn.outputType)) {
    return `The output type of "${name}" must be one of ${pluginOutputTypes.join(', ')}.`;
  }
  if (type === 'http') return httpActionError(fn.httpAction, name);
  if (typeof fn.code !== 'string' || fn.code.trim() === '') return `The function "${name}" has no code.`;
  if (fn.code.length > MAX_PLUGIN_CODE_CHARS) {
    return `The code of "${name}" is longer than ${MAX_PLUGIN_CODE_CHARS / 1000} k characters.`;
  }
  return null;
}

/** The plugin-level fields both generations share (PL1, PL6-PL9). */
export function pluginMetaError(raw: RawObject): string | null {
  if (typeof raw.title !== 'string' || raw.title.trim() === '') return pluginMessages.nameRequired;
  return userSettingsError(raw.userSettings);
}
