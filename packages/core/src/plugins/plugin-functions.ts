import type { Plugin } from '../entities';
import type { ToolOutputType } from '../tools';

/**
 * A plugin's functions, the same for both file generations (plugin-format: generation 1 has one
 * function in `openaiSpec`/`code`/`httpAction`; generation 2 lists `pluginFunctions`). Execution is
 * keyed on the function name, never on the plugin `id`.
 */

export type PluginImplementationType = 'javascript' | 'http' | 'mcp';

export interface PluginFunction {
  name: string;
  description: string;
  /** JSON Schema of the arguments; `{ type: 'object', properties: {} }` when the file has none. */
  parameters: Record<string, unknown>;
  implementationType: PluginImplementationType | string;
  code?: string | undefined;
  /** Raw `httpAction` object (JSON text already decoded). */
  httpAction?: Record<string, unknown> | undefined;
  outputType: ToolOutputType;
  /** Raw `serverConfig` of an `mcp` function. */
  serverConfig?: Record<string, unknown> | undefined;
}

const OUTPUT_TYPES: readonly string[] = ['respond_to_ai', 'render_markdown', 'render_html', 'cards'];
const EMPTY_PARAMETERS = { type: 'object', properties: {} };

function record(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    try {
      return record(JSON.parse(value));
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function outputTypeOf(value: unknown, fallback: ToolOutputType): ToolOutputType {
  return typeof value === 'string' && OUTPUT_TYPES.includes(value) ? (value as ToolOutputType) : fallback;
}

function functionFrom(raw: Record<string, unknown>, fallbackOutput: ToolOutputType): PluginFunction | null {
  const spec = record(raw.openaiSpec);
  const name = text(spec?.name) ?? text(raw.name);
  if (!name) return null;
  return {
    name,
    description: text(spec?.description) ?? text(raw.description) ?? '',
    parameters: record(spec?.parameters) ?? EMPTY_PARAMETERS,
    implementationType: text(raw.implementationType) ?? 'javascript',
    code: text(raw.code),
    httpAction: record(raw.httpAction),
    outputType: outputTypeOf(raw.outputType, fallbackOutput),
    serverConfig: record(raw.serverConfig),
  };
}

/** The functions of an installed plugin, in file order; entries without a name are left out. */
export function pluginFunctionsOf(plugin: Plugin): PluginFunction[] {
  const raw = plugin as unknown as Record<string, unknown>;
  const fallbackOutput = outputTypeOf(plugin.outputType, 'respond_to_ai');
  if (Array.isArray(raw.pluginFunctions)) {
    return raw.pluginFunctions
      .map((entry) => record(entry))
      .filter((entry): entry is Record<string, unknown> => entry !== undefined)
      .map((entry) => functionFrom(entry, fallbackOutput))
      .filter((fn): fn is PluginFunction => fn !== null);
  }
  const single = functionFrom(raw, fallbackOutput);
  return single ? [single] : [];
}
