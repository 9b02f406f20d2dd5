import { describe, expect, it } from 'vitest';
import { MCP_TOOLS_PER_REQUEST, modelParameters, modelToolName, offeredTools } from '../../src/mcp';

describe('MCP tool names', () => {
  it('MC3 names keep letters, digits, _ and -, other characters become _, at most 64', () => {
    expect(modelToolName('get.weather now')).toBe('get_weather_now');
    expect(modelToolName('a'.repeat(80))).toHaveLength(64);
  });

  it('MC3 a name already taken by a plugin or an earlier server is left out', () => {
    const { offered, leftOut } = offeredTools(
      [
        { serverId: 's1', name: 'search' },
        { serverId: 's2', name: 'search' },
        { serverId: 's2', name: 'plugin_fn' },
      ],
      new Set(['plugin_fn']),
    );
    expect(offered.map((tool) => `${tool.serverId}/${tool.modelName}`)).toEqual(['s1/search']);
    expect(leftOut).toBe(2);
  });

  it('MC4 at most 128 tools are offered, in order', () => {
    const tools = Array.from({ length: 500 }, (_, i) => ({ serverId: 's', name: `tool_${i}` }));
    const { offered, leftOut } = offeredTools(tools);
    expect(offered).toHaveLength(MCP_TOOLS_PER_REQUEST);
    expect(offered.at(-1)?.name).toBe('tool_127');
    expect(leftOut).toBe(372);
  });
});

describe('MCP tool parameters', () => {
  it('MC3 the input schema loses $schema and stays an object schema', () => {
    expect(
      modelParameters({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { a: {} },
      }),
    ).toEqual({ type: 'object', properties: { a: {} } });
    expect(modelParameters(undefined)).toEqual({ type: 'object', properties: {} });
  });
});
