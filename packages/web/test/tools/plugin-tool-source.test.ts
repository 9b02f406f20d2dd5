import { parsePlugin, type Plugin } from '@parley/core/entities';
import { pluginSecretId } from '@parley/core/plugins';
import { describe, expect, it } from 'vitest';
import { chatPlugins } from '../../src/features/tools/chat-plugins';
import { createPluginToolSource } from '../../src/features/tools/plugin-tool-source';
import { resultOfOutput } from '../../src/features/tools/tool-output';
import type { PluginRuntime, SandboxJob } from '../../src/features/plugin-runtime';

const now = '2024-05-03T12:00:00.000Z';
const plugin = (fields: Record<string, unknown>): Plugin =>
  parsePlugin({ createdAt: now, updatedAt: now, userSettings: [], ...fields });

const weather = plugin({
  id: 'weather',
  title: 'Weather',
  openaiSpec: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: {} } },
  code: 'function get_weather(p, s) { return s.unit; }',
  userSettings: [
    { name: 'unit', label: 'Unit', type: 'enum', values: ['C', 'F'] },
    { name: 'token', label: 'Token', type: 'password', required: true },
  ],
});
const mcpAndHttp = plugin({
  id: 'gen2',
  title: 'Gen 2',
  pluginFunctions: [
    { name: 'from_mcp', implementationType: 'mcp', openaiSpec: { name: 'from_mcp', description: 'x' } },
    {
      name: 'fetch_it',
      implementationType: 'http',
      openaiSpec: { name: 'fetch_it', description: 'y' },
      httpAction: { method: 'GET', url: 'https://api.test/items?q={q}' },
    },
  ],
});

function fakeRuntime(jobs: SandboxJob[], reply = 'ran'): Pick<PluginRuntime, 'run'> {
  return {
    run: async (job) => {
      jobs.push(job);
      return { ok: true, text: reply };
    },
  };
}

describe('plugin tool source', () => {
  it('uses installed, undeleted plugins whose required settings have values (vault secrets included)', () => {
    const secrets = { [pluginSecretId('weather', 'token')]: 't0ken' };
    expect(chatPlugins([weather], {}, {})).toEqual([]);
    const [usable] = chatPlugins([weather, { ...weather, id: 'gone', deletedAt: now }], {}, secrets);
    expect(usable?.settings).toEqual({ unit: 'C', token: 't0ken' });
    expect(chatPlugins([{ ...weather, installed: false }], {}, secrets)).toEqual([]);
    // PL: a plugin switched off, or one the chat did not choose, is not offered.
    expect(chatPlugins([{ ...weather, enabled: false }], {}, secrets)).toEqual([]);
    expect(chatPlugins([weather], {}, secrets, ['other'])).toEqual([]);
    expect(chatPlugins([weather], {}, secrets, ['weather'])).toHaveLength(1);
  });

  it('lists JavaScript and HTTP functions, not MCP ones, and runs them in the runtime with their values', async () => {
    const jobs: SandboxJob[] = [];
    const source = createPluginToolSource({
      plugins: async () => [weather, mcpAndHttp],
      userPluginSettings: () => ({ weather: { unit: 'F' } }),
      secrets: () => ({ [pluginSecretId('weather', 'token')]: 't' }),
      runtime: async () => fakeRuntime(jobs),
    });
    const tools = await source.list();
    expect(tools.map((tool) => tool.definition.name)).toEqual(['get_weather', 'fetch_it']);
    const context = { signal: new AbortController().signal, userMessage: 'hi', timeoutMs: 1000 };
    await source.run(tools[0]!, { id: 'a', name: 'get_weather', arguments: { city: 'Oslo' } }, context);
    await source.run(tools[1]!, { id: 'b', name: 'fetch_it', arguments: { q: 'x y' } }, context);
    expect(jobs[0]).toMatchObject({
      kind: 'javascript',
      functionName: 'get_weather',
      params: { city: 'Oslo' },
      userSettings: { unit: 'F', token: 't' },
      resources: { userMessage: 'hi' },
    });
    expect(jobs[1]).toMatchObject({
      kind: 'http',
      request: { method: 'GET', url: 'https://api.test/items?q=x%20y' },
    });
  });

  it('a time-out from the sandbox becomes the TL4 error', async () => {
    const source = createPluginToolSource({
      plugins: async () => [weather],
      userPluginSettings: () => ({}),
      secrets: () => ({ [pluginSecretId('weather', 'token')]: 't' }),
      runtime: async () => ({ run: async () => ({ ok: false, message: 'timeout', timedOut: true }) }),
    });
    const [tool] = await source.list();
    const result = await source.run(
      tool!,
      { id: 'a', name: 'get_weather', arguments: {} },
      { signal: new AbortController().signal, userMessage: '', timeoutMs: 30_000 },
    );
    expect(result).toEqual({ status: 'error', message: 'get_weather did not answer within 30 s.' });
  });

  it('output types: markdown and HTML are shown, cards parsed from JSON, the model told what was shown', () => {
    expect(resultOfOutput('render_markdown', '**hi**')).toEqual({
      status: 'ok',
      forModel: '**hi**',
      display: { kind: 'markdown', markdown: '**hi**' },
    });
    expect(resultOfOutput('render_html', '<b>x</b>')).toMatchObject({
      display: { kind: 'html', html: '<b>x</b>' },
    });
    const cards = resultOfOutput(
      'cards',
      JSON.stringify([
        { title: 'A', description: 'd', link: 'https://a.test' },
        { title: 'B', url: 'javascript:x' },
        3,
      ]),
    );
    expect(cards).toMatchObject({
      display: { kind: 'cards', cards: [{ title: 'A', text: 'd', url: 'https://a.test' }, { title: 'B' }] },
    });
  });
});
