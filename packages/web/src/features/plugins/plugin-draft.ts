import type { Plugin } from '@parley/core/entities';
import { parametersError, userSettingsError } from '@parley/core/plugins';

/**
 * The editor's working copy of a plugin. A generation-1 plugin is edited and saved as generation 1
 * (one function at the top level); a new plugin is generation 2. MCP functions are kept as they are.
 */

type Raw = Record<string, unknown>;

export type HttpDraft = {
  method: string;
  url: string;
  headers: string;
  body: string;
  bodyFormat: 'json' | 'form-data';
  engine: 'none' | 'handlebars' | 'jmes';
  transform: string;
};

export type FunctionDraft = {
  key: string;
  /** The entry as stored: fields the editor does not show are written back unchanged. */
  raw: Raw;
  name: string;
  description: string;
  parameters: string;
  implementationType: 'javascript' | 'http' | 'mcp';
  code: string;
  http: HttpDraft;
  outputType: string;
};

export type PluginDraft = {
  generation: 1 | 2;
  title: string;
  emoji: string;
  userSettings: string;
  functions: FunctionDraft[];
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const obj = (value: unknown): Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : {};
const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

function httpDraftOf(action: Raw): HttpDraft {
  const transform = obj(action.resultTransform);
  const engine =
    action.hasResultTransform && (transform.engine === 'handlebars' || transform.engine === 'jmes')
      ? transform.engine
      : 'none';
  return {
    method: text(action.method) || 'GET',
    url: text(action.url),
    headers: text(action.requestHeaders),
    body: text(action.requestBody),
    bodyFormat: action.requestBodyFormat === 'form-data' ? 'form-data' : 'json',
    engine,
    transform: engine === 'jmes' ? text(transform.expression) : text(transform.templateString),
  };
}

let keys = 0;
export function newFunctionDraft(raw: Raw = {}): FunctionDraft {
  const spec = obj(raw.openaiSpec);
  const type =
    raw.implementationType === 'http' || raw.implementationType === 'mcp'
      ? raw.implementationType
      : 'javascript';
  const name = text(spec.name) || text(raw.name);
  return {
    key: `fn-${++keys}`,
    raw,
    name,
    description: text(spec.description),
    parameters: pretty(spec.parameters ?? { type: 'object', properties: {} }),
    implementationType: type,
    code: text(raw.code) || (name ? `async function ${name}(params, userSettings) {\n  return '';\n}\n` : ''),
    http: httpDraftOf(obj(raw.httpAction)),
    outputType: text(raw.outputType) || 'respond_to_ai',
  };
}

export function draftOf(plugin: Plugin | null): PluginDraft {
  const raw = (plugin ?? {}) as Raw;
  const gen2 = !plugin || Array.isArray(raw.pluginFunctions);
  const entries = gen2 ? ((raw.pluginFunctions as unknown[] | undefined) ?? [{}]).map(obj) : [raw];
  return {
    generation: gen2 ? 2 : 1,
    title: plugin?.title ?? '',
    emoji: plugin?.emoji ?? '',
    userSettings: plugin && plugin.userSettings.length > 0 ? pretty(plugin.userSettings) : '',
    functions: entries.map((entry) => newFunctionDraft(entry)),
  };
}

function httpActionOf(draft: HttpDraft, previous: Raw): Raw {
  const transform =
    draft.engine === 'jmes'
      ? { engine: 'jmes', expression: draft.transform }
      : draft.engine === 'handlebars'
        ? { engine: 'handlebars', templateString: draft.transform }
        : undefined;
  return {
    ...previous,
    method: draft.method,
    url: draft.url.trim(),
    hasHeaders: draft.headers.trim() !== '',
    requestHeaders: draft.headers,
    hasBody: draft.body.trim() !== '',
    requestBody: draft.body,
    requestBodyFormat: draft.bodyFormat,
    hasResultTransform: transform !== undefined,
    resultTransform: transform ?? null,
  };
}

/** A function draft as the stored entry, or the message of its first problem (parameters JSON). */
function functionOf(fn: FunctionDraft): Raw | string {
  if (fn.implementationType === 'mcp') return fn.raw;
  let parameters: unknown;
  try {
    parameters = JSON.parse(fn.parameters || '{}');
  } catch {
    return `The parameters of "${fn.name || '?'}" are not valid JSON.`;
  }
  const problem = parametersError(parameters, fn.name || '?');
  if (problem) return problem;
  const out: Raw = {
    ...fn.raw,
    name: fn.name.trim(),
    openaiSpec: {
      ...obj(fn.raw.openaiSpec),
      name: fn.name.trim(),
      description: fn.description.trim(),
      parameters,
    },
    implementationType: fn.implementationType,
    outputType: fn.outputType,
  };
  if (fn.implementationType === 'javascript') out.code = fn.code;
  else out.httpAction = httpActionOf(fn.http, obj(fn.raw.httpAction));
  return out;
}

/**
 * The plugin record the editor saves (checked again like a file by the caller), or the message of
 * the first problem the form itself can see.
 */
export function recordOf(draft: PluginDraft, plugin: Plugin | null): Raw | string {
  const settingsProblem = userSettingsError(draft.userSettings);
  if (settingsProblem) return settingsProblem;
  const functions: Raw[] = [];
  for (const fn of draft.functions) {
    const out = functionOf(fn);
    if (typeof out === 'string') return out;
    functions.push(out);
  }
  const base: Raw = {
    ...((plugin ?? {}) as Raw),
    title: draft.title.trim(),
    emoji: draft.emoji.trim(),
    userSettings: draft.userSettings.trim() === '' ? [] : (JSON.parse(draft.userSettings) as unknown),
  };
  if (draft.generation === 2) return { ...base, pluginFunctions: functions };
  // A generation-1 function's stored entry is the plugin itself: the form's own fields go last.
  const { name: _name, ...fields } = functions[0] ?? {};
  return { ...base, ...fields, title: base.title, emoji: base.emoji, userSettings: base.userSettings };
}
