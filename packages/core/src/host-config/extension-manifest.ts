import { z } from 'zod';

/**
 * What an extension script declares (decision 0140): a global `parleyExtension` with its name and
 * its tools. The script runs in the plugin sandbox (opaque origin, a worker per job); the app reads
 * only this description, as JSON the sandbox returns, and checks it here before listing a tool.
 *
 * ```js
 * var parleyExtension = {
 *   name: 'ACME catalogue',
 *   tools: [{
 *     name: 'acme_lookup',
 *     description: 'Looks up a product by its code.',
 *     parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
 *     run: async ({ code }) => `Product ${code}: in stock`,
 *   }],
 * };
 * ```
 */
export const EXTENSION_TOOLS_MAX = 32;

/** A tool name providers accept (OpenAI's rule, the strictest). */
const toolName = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -');

export const ExtensionManifestSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters'),
  tools: z
    .array(
      z.object({
        name: toolName,
        description: z
          .string()
          .trim()
          .min(1, 'must not be empty')
          .max(1024, 'must be at most 1024 characters'),
        parameters: z
          .record(z.string(), z.unknown())
          .refine((schema) => schema.type === 'object', 'must be a JSON schema of type "object"'),
      }),
    )
    .max(EXTENSION_TOOLS_MAX, `must list at most ${EXTENSION_TOOLS_MAX} tools`)
    .refine((tools) => new Set(tools.map((tool) => tool.name)).size === tools.length, 'names a tool twice'),
});

export type ExtensionManifest = z.infer<typeof ExtensionManifestSchema>;
export type ExtensionToolDescription = ExtensionManifest['tools'][number];

/** The sandbox's answer to the describe job: the manifest, or what is wrong with it. */
export function readExtensionManifest(
  text: string,
): { ok: true; manifest: ExtensionManifest } | { ok: false; problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'the script defines no parleyExtension object' };
  }
  if (raw === null || typeof raw !== 'object') {
    return { ok: false, problem: 'the script defines no parleyExtension object' };
  }
  const result = ExtensionManifestSchema.safeParse(raw);
  if (result.success) return { ok: true, manifest: result.data };
  const issue = result.error.issues[0]!;
  const where = ['parleyExtension', ...issue.path.map(String)].join('.');
  return { ok: false, problem: `${where}: ${issue.message}` };
}

/** The name of the function the describe job calls: it returns the script's declaration. */
export const EXTENSION_DESCRIBE_FUNCTION = '__parleyDescribeExtension';
/** The name of the function a tool's job calls: it runs that tool's `run`. */
export const EXTENSION_RUN_FUNCTION = '__parleyRunExtensionTool';

/**
 * The code of the sandbox job that reads the script's declaration: the script, then a function
 * that hands back `parleyExtension` (its `run` functions drop out of the JSON).
 */
export function extensionDescribeCode(script: string): string {
  return `${script}\n;function ${EXTENSION_DESCRIBE_FUNCTION}() { return typeof parleyExtension === 'undefined' ? null : parleyExtension; }`;
}

/** The code of the sandbox job that runs one tool: the script, then a call of that tool's `run`. */
export function extensionRunCode(script: string, tool: string): string {
  const name = JSON.stringify(tool);
  return `${script}\n;async function ${EXTENSION_RUN_FUNCTION}(params, settings, resources) {
  const tool = (parleyExtension.tools || []).find((entry) => entry && entry.name === ${name});
  if (!tool || typeof tool.run !== 'function') throw new Error('The extension has no runnable tool ' + ${name} + '.');
  return tool.run(params, resources);
}`;
}
