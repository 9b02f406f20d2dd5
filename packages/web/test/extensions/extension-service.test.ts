import { EXTENSION_DESCRIBE_FUNCTION } from '@parley/core/host-config';
import type { ToolRunContext } from '@parley/core/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { createExtensionService } from '../../src/features/extensions/extension-service';
import { extensionsOffPref, useExtensions } from '../../src/features/extensions/extension-store';
import { createExtensionToolSource } from '../../src/features/extensions/extension-tool-source';
import type { SandboxJob, SandboxOutcome } from '../../src/features/plugin-runtime';

/** Extensions (decision 0140): the host's scripts, described and run by the plugin sandbox. */
const ACME = 'https://chat.example.org/ext/acme.js';
const BROKEN = 'https://chat.example.org/ext/broken.js';
const MISSING = 'https://chat.example.org/ext/missing.js';
const SCRIPTS: Record<string, string> = {
  [ACME]: `var parleyExtension = { name: 'ACME catalogue', tools: [{
    name: 'acme_lookup', description: 'Looks up a product.',
    parameters: { type: 'object', properties: { code: { type: 'string' } } },
    run: ({ code }, resources) => ({ code, stock: 3, asked: resources.userMessage }) }] };`,
  [BROKEN]: `var parleyExtension = { name: 'Broken', tools: [{ name: 'no spaces allowed', description: 'x', parameters: { type: 'object' } }] };`,
};

/** Stands in for the sandbox frame's worker: the same `new Function` run of a javascript job. */
const jobs: SandboxJob[] = [];
const runtime = async () => ({
  async run(job: SandboxJob): Promise<SandboxOutcome> {
    jobs.push(job);
    if (job.kind !== 'javascript') throw new Error('not a javascript job');
    try {
      const fn = new Function(`${job.code}\n;return ${job.functionName};`)() as (
        ...args: unknown[]
      ) => unknown;
      const value = await fn(job.params, job.userSettings, job.resources);
      return { ok: true, text: typeof value === 'string' ? value : JSON.stringify(value) };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  },
});
const fetchScript = (async (input: string) =>
  SCRIPTS[input] === undefined
    ? new Response('not found', { status: 404 })
    : new Response(SCRIPTS[input], { headers: { 'content-type': 'text/javascript' } })) as typeof fetch;
const context: ToolRunContext = {
  signal: new AbortController().signal,
  userMessage: 'in stock?',
  timeoutMs: 5000,
};

afterEach(() => {
  localStorage.clear();
  useExtensions.setState({ entries: [] });
  jobs.length = 0;
});

describe('extensions from the host’s file', () => {
  it('load in the sandbox, list their tools, run them there, and name what failed', async () => {
    const service = createExtensionService({
      urls: () => [ACME, BROKEN, MISSING],
      fetch: fetchScript,
      runtime,
    });
    const source = createExtensionToolSource(service, runtime);
    const tools = await source.list();
    expect(tools.map((tool) => [tool.definition.name, tool.origin.title])).toEqual([
      ['acme_lookup', 'ACME catalogue'],
    ]);
    expect(useExtensions.getState().entries).toEqual([
      expect.objectContaining({ url: ACME, status: 'active', name: 'ACME catalogue' }),
      expect.objectContaining({
        url: BROKEN,
        status: 'failed',
        problem: 'parleyExtension.tools.0.name: must be 1-64 letters, digits, _ or -',
      }),
      expect.objectContaining({ url: MISSING, status: 'failed', problem: 'HTTP 404' }),
    ]);
    // The two scripts that arrived were read by sandbox jobs (the missing one never reached it).
    expect(jobs.map((job) => job.kind === 'javascript' && job.functionName)).toEqual([
      EXTENSION_DESCRIBE_FUNCTION,
      EXTENSION_DESCRIBE_FUNCTION,
    ]);

    const result = await source.run(
      tools[0]!,
      { id: 'c1', name: 'acme_lookup', arguments: { code: 'X-1' } },
      context,
    );
    expect(result).toEqual({
      status: 'ok',
      forModel: JSON.stringify({ code: 'X-1', stock: 3, asked: 'in stock?' }),
    });
    expect(jobs.at(-1)).toMatchObject({ kind: 'javascript', params: { code: 'X-1' } });
  });

  it('one turned off on this device lists no tools, stays off at the next start, and comes back when turned on', async () => {
    const service = createExtensionService({ urls: () => [ACME], fetch: fetchScript, runtime });
    const source = createExtensionToolSource(service, runtime);
    expect(await source.list()).toHaveLength(1);
    const tool = (await source.list())[0]!;
    await service.setOff(ACME, true);
    expect(await source.list()).toEqual([]);
    expect(await source.run(tool, { id: 'c', name: 'acme_lookup', arguments: {} }, context)).toEqual({
      status: 'error',
      message: 'The extension of acme_lookup is turned off.',
    });
    expect(extensionsOffPref.read()).toEqual([ACME]);

    // The next start: nothing of it is fetched or run.
    jobs.length = 0;
    const next = createExtensionService({ urls: () => [ACME], fetch: fetchScript, runtime });
    expect(await createExtensionToolSource(next, runtime).list()).toEqual([]);
    expect(useExtensions.getState().entries).toEqual([{ url: ACME, status: 'off' }]);
    expect(jobs).toEqual([]);

    await next.setOff(ACME, false);
    expect(extensionsOffPref.read()).toEqual([]);
    expect(await createExtensionToolSource(next, runtime).list()).toHaveLength(1);
  });
});
