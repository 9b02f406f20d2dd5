import { describe, expect, it } from 'vitest';
import {
  EXTENSION_DESCRIBE_FUNCTION,
  EXTENSION_RUN_FUNCTION,
  EXTENSION_TOOLS_MAX,
  extensionDescribeCode,
  extensionRunCode,
  readExtensionManifest,
} from '../../src/host-config';

const SCRIPT = `
var parleyExtension = {
  name: 'ACME catalogue',
  tools: [{
    name: 'acme_lookup',
    description: 'Looks up a product by its code.',
    parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
    run: async ({ code }, resources) => 'Product ' + code + ' for: ' + resources.userMessage,
  }],
};`;

/** What the sandbox worker does with a javascript job (plugin-runtime/sandbox-worker.ts). */
async function runLikeTheSandbox(code: string, functionName: string, params: unknown, resources: unknown) {
  const factory = new Function(
    `${code}\n;return typeof ${functionName} === 'function' ? ${functionName} : undefined;`,
  ) as () => (...args: unknown[]) => unknown;
  const result = await factory()(params, {}, resources);
  return typeof result === 'string' ? result : JSON.stringify(result);
}

describe('extension scripts (decision 0140)', () => {
  it('the describe job hands back the declaration without its functions, and it reads as a manifest', async () => {
    const text = await runLikeTheSandbox(extensionDescribeCode(SCRIPT), EXTENSION_DESCRIBE_FUNCTION, {}, {});
    expect(readExtensionManifest(text)).toEqual({
      ok: true,
      manifest: {
        name: 'ACME catalogue',
        tools: [
          {
            name: 'acme_lookup',
            description: 'Looks up a product by its code.',
            parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
          },
        ],
      },
    });
  });

  it('a tool job runs that tool with the arguments and the user message', async () => {
    const code = extensionRunCode(SCRIPT, 'acme_lookup');
    await expect(
      runLikeTheSandbox(code, EXTENSION_RUN_FUNCTION, { code: 'X-1' }, { userMessage: 'is it in stock?' }),
    ).resolves.toBe('Product X-1 for: is it in stock?');
    await expect(
      runLikeTheSandbox(extensionRunCode(SCRIPT, 'missing'), EXTENSION_RUN_FUNCTION, {}, {}),
    ).rejects.toThrow('The extension has no runnable tool missing.');
  });

  it('names what is wrong with a declaration', () => {
    expect(readExtensionManifest('null')).toEqual({
      ok: false,
      problem: 'the script defines no parleyExtension object',
    });
    expect(readExtensionManifest('{"name":"","tools":[]}')).toEqual({
      ok: false,
      problem: 'parleyExtension.name: must not be empty',
    });
    const tool = { name: 'has space', description: 'x', parameters: { type: 'object' } };
    expect(readExtensionManifest(JSON.stringify({ name: 'A', tools: [tool] }))).toEqual({
      ok: false,
      problem: 'parleyExtension.tools.0.name: must be 1-64 letters, digits, _ or -',
    });
    const noSchema = { name: 'a', description: 'x', parameters: { type: 'string' } };
    expect(readExtensionManifest(JSON.stringify({ name: 'A', tools: [noSchema] }))).toEqual({
      ok: false,
      problem: 'parleyExtension.tools.0.parameters: must be a JSON schema of type "object"',
    });
    const twice = { name: 'a', description: 'x', parameters: { type: 'object' } };
    expect(readExtensionManifest(JSON.stringify({ name: 'A', tools: [twice, twice] }))).toEqual({
      ok: false,
      problem: 'parleyExtension.tools: names a tool twice',
    });
    const many = Array.from({ length: EXTENSION_TOOLS_MAX + 1 }, (_, i) => ({ ...twice, name: `t${i}` }));
    expect(readExtensionManifest(JSON.stringify({ name: 'A', tools: many })).ok).toBe(false);
  });
});
