/**
 * MCP tool names as the model gets them (MC3, MC4). Providers accept names of letters, digits, `_`
 * and `-` up to 64 characters, and OpenAI at most 128 tools in one request.
 */

/** MC4: at most this many MCP tools are offered in one request, in server then list order. */
export const MCP_TOOLS_PER_REQUEST = 128;

/** MC3: other characters become `_`, the name is cut to 64 characters. */
export function modelToolName(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return clean === '' ? '_' : clean;
}

export interface NamedTool {
  serverId: string;
  /** The tool's own name on its server (what `tools/call` gets). */
  name: string;
}

/**
 * MC3, MC4: each tool gets its model name; a name already taken (by a plugin or an earlier
 * server) is left out, and the list stops at the per-request limit.
 */
export function offeredTools<T extends NamedTool>(
  tools: readonly T[],
  taken: ReadonlySet<string> = new Set(),
  limit = MCP_TOOLS_PER_REQUEST,
): { offered: (T & { modelName: string })[]; leftOut: number } {
  const used = new Set(taken);
  const offered: (T & { modelName: string })[] = [];
  let leftOut = 0;
  for (const tool of tools) {
    const modelName = modelToolName(tool.name);
    if (used.has(modelName) || offered.length >= limit) {
      leftOut += 1;
      continue;
    }
    used.add(modelName);
    offered.push({ ...tool, modelName });
  }
  return { offered, leftOut };
}

/**
 * MC3: a tool's input schema as the model's parameters: an object schema without `$schema` (some
 * providers refuse keys they do not know); a missing or odd schema is an empty object schema.
 */
export function modelParameters(schema: unknown): Record<string, unknown> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { type: 'object', properties: {} };
  }
  const { $schema: _dropped, ...rest } = schema as Record<string, unknown>;
  return { ...rest, type: 'object', properties: rest.properties ?? {} };
}
