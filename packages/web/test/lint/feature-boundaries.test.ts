import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { featureBoundaryZones, featureDependencies, findFeatureCycle } from '../../feature-boundaries.js';

/** The repository root: `npm run lint` runs there with eslint.config.js. */
// (String work: jsdom's URL does not resolve file: URLs the way Node's does.)
const repoRoot = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(
  /packages\/web\/test\/lint\/[^/]+$/,
  '',
);
const eslint = new ESLint({ cwd: repoRoot });

/** The boundary messages ESLint gives `code` as if it were the file at `filePath` (from the root). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('import-x/'))
    .map((message) => message.message);
}

describe('feature boundaries (npm run lint)', { timeout: 120_000 }, () => {
  it("forbids a feature to import another feature's inner file", async () => {
    const errors = await boundaryErrors(
      'packages/web/src/features/chat/boundary-probe.ts',
      "import { notify } from '../toasts/notify';\nexport const probe = notify;\n",
    );
    expect(errors).toEqual([expect.stringContaining('chat may use toasts only through its door')]);
  });

  it('lets a feature import an allowed feature through its index.ts', async () => {
    const errors = await boundaryErrors(
      'packages/web/src/features/chat/boundary-probe.ts',
      "import { notify } from '../toasts';\nexport const probe = notify;\n",
    );
    expect(errors).toEqual([]);
  });

  it('forbids a dependency the table does not list (markdown -> chat would close a cycle)', async () => {
    const errors = await boundaryErrors(
      'packages/web/src/features/markdown/boundary-probe.ts',
      "import { ChatView } from '../chat';\nexport const probe = ChatView;\n",
    );
    expect(errors).toEqual([expect.stringContaining('markdown may not depend on chat')]);
  });

  it('keeps the shared state layer below the features', async () => {
    const errors = await boundaryErrors(
      'packages/web/src/state/boundary-probe.ts',
      "import { notify } from '../features/toasts';\nexport const probe = notify;\n",
    );
    expect(errors).toEqual([expect.stringContaining('state/ is below the features')]);
  });

  it('lets tests reach inside a feature', async () => {
    const errors = await boundaryErrors(
      'packages/web/test/chat/boundary-probe.test.ts',
      "import { notify } from '../../src/features/toasts/notify';\nexport const probe = notify;\n",
    );
    expect(errors).toEqual([]);
  });

  it('the dependency table has no cycle, and a table with one is refused', () => {
    expect(findFeatureCycle(featureDependencies)).toBeNull();
    // The cycle this table removed: markdown -> chat -> speech -> license -> chat.
    const withCycle = { ...featureDependencies, license: [...featureDependencies.license, 'chat'] };
    expect(findFeatureCycle(withCycle)).toEqual(['chat', 'speech', 'license', 'chat']);
    expect(() => featureBoundaryZones({ src: 'packages/web/src', dependencies: withCycle })).toThrow(
      'the features form a cycle: chat -> speech -> license -> chat',
    );
  });
});
