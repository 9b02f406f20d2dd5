import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Probes of the layer rules in eslint.config.js: each feeds `npm run lint` one import or call as if
 * it were a file at a given place, and fails when the rule that forbids it is gone (a later config
 * block silently replacing an earlier one's rule is how these gaps opened).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2 && message.ruleId !== '@typescript-eslint/no-unused-vars')
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('layer rules (npm run lint)', { timeout: 120_000 }, () => {
  it('a feature may not import the composition root', async () => {
    expect(
      await problems(
        'packages/web/src/features/chat/layer-probe.ts',
        "import { App } from '../../app/App';\nexport const probe = App;\n",
      ),
    ).toEqual([expect.stringContaining('features are below the composition root')]);
  });

  it('ui/ keeps the web-wide bans besides its own: no Node built-ins, no server', async () => {
    expect(
      await problems(
        'packages/web/src/ui/layer-probe.ts',
        "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n",
      ),
    ).toEqual([expect.stringContaining('web never imports the server or Node built-ins')]);
    expect(
      await problems(
        'packages/web/src/ui/layer-probe.ts',
        "import { createApp } from '@parley/server';\nexport const probe = createApp;\n",
      ),
    ).toEqual([expect.stringContaining('web never imports the server or Node built-ins')]);
    expect(
      await problems(
        'packages/web/src/ui/layer-probe.ts',
        "import { ChatView } from '../features/chat';\nexport const probe = ChatView;\n",
      ),
    ).toEqual(expect.arrayContaining([expect.stringContaining('ui/ primitives may not import features/')]));
  });

  it('web loads a part lazily only with lazyPart (decision 0100), a file is saved only with saveFile (0102)', async () => {
    const lazyProbes = [
      "import { lazy } from 'react';\nexport const Probe = lazy(() => import('./Screen'));\n",
      "import React from 'react';\nexport const Probe = React.lazy(() => import('./Screen'));\n",
    ];
    for (const code of lazyProbes)
      expect(await problems('packages/web/src/features/chat/layer-probe.tsx', code), code).toEqual([
        expect.stringContaining('lazyPart()'),
      ]);
    const downloadProbes = [
      "export function probe(url: string) {\n  const link = document.createElement('a');\n  link.download = 'x.txt';\n  link.href = url;\n}\n",
      "export const probe = (url: string) => Object.assign(document.createElement('a'), { href: url, download: 'x' });\n",
    ];
    for (const code of downloadProbes)
      expect(await problems('packages/web/src/features/canvas/layer-probe.ts', code), code).toEqual([
        expect.stringContaining('saveFile()'),
      ]);
    // The helpers themselves may.
    expect(await problems('packages/web/src/lib/lazy-part.tsx', lazyProbes[0]!)).toEqual([]);
  });

  it('core imports no storage engine (idb, dexie)', async () => {
    for (const engine of ['idb', 'dexie'])
      expect(
        await problems(
          'packages/core/src/chat/layer-probe.ts',
          `import { openDB } from '${engine}';\nexport const probe = openDB;\n`,
        ),
        engine,
      ).toEqual([expect.stringContaining('core is platform-neutral')]);
  });

  it('core reads time, randomness and storage only through platform/', async () => {
    const outside = 'packages/core/src/chat/layer-probe.ts';
    const cases = [
      'export const probe = Date.now();\n',
      'export const probe = Math.random();\n',
      'export const probe = new Date();\n',
      'export const probe = globalThis.indexedDB;\n',
      'export const probe = globalThis.localStorage;\n',
    ];
    for (const code of cases) expect(await problems(outside, code), code).toHaveLength(1);
    // platform/ is where the real clock and ids live.
    for (const code of cases.slice(0, 3))
      expect(await problems('packages/core/src/platform/layer-probe.ts', code), code).toEqual([]);
  });
});

describe(
  'layers below the features and core modules have doors (decision 0089)',
  { timeout: 120_000 },
  () => {
    const use = (name: string, from: string) =>
      `import { ${name} } from '${from}';\nexport const probe = ${name};\n`;

    it('state/ is used only through state/index.ts', async () => {
      const feature = 'packages/web/src/features/chat/layer-probe.ts';
      expect(await problems(feature, use('keyProviders', '../../state/key-vault/key-vault-schema'))).toEqual([
        expect.stringContaining('state/ is used only through its door'),
      ]);
      expect(await problems(feature, use('keyProviders', '../../state'))).toEqual([]);
      expect(
        await problems(
          'packages/web/src/app/layer-probe.ts',
          use('useLicense', '../state/license/use-license'),
        ),
      ).toEqual([expect.stringContaining('state/ is used only through its door')]);
    });

    it('adapters/ are used only through the door of each adapter folder, also between them', async () => {
      const feature = 'packages/web/src/features/search/layer-probe.ts';
      expect(
        await problems(feature, use('openChatTableReader', '../../adapters/storage/chat-table-reader')),
      ).toEqual([expect.stringContaining('adapters/ are used only through their doors')]);
      expect(await problems(feature, use('openChatTableReader', '../../adapters/storage'))).toEqual([]);
      expect(
        await problems(
          'packages/web/src/adapters/sync/layer-probe.ts',
          use('openParleyDatabase', '../storage/parley-idb'),
        ),
      ).toEqual([expect.stringContaining('adapters/storage is used only through its door')]);
      expect(
        await problems(
          'packages/web/src/adapters/sync/layer-probe.ts',
          use('openParleyDatabase', '../storage'),
        ),
      ).toEqual([]);
    });

    it('arrows run one way: adapters/ import no state/ or features/, state/ imports no app/', async () => {
      const adapter = 'packages/web/src/adapters/storage/layer-probe.ts';
      expect(await problems(adapter, use('useKeyVault', '../../state'))).toEqual([
        expect.stringContaining('adapters/ are below state/'),
      ]);
      expect(await problems(adapter, use('notify', '../../features/toasts'))).toEqual(
        expect.arrayContaining([expect.stringContaining('adapters/ are below features/')]),
      );
      expect(await problems('packages/web/src/state/layer-probe.ts', use('App', '../app/App'))).toEqual([
        expect.stringContaining('state/ is below the composition root'),
      ]);
    });

    it("a core module uses another only through its door (index.ts or a subfolder's)", async () => {
      const chat = 'packages/core/src/chat/layer-probe.ts';
      expect(await problems(chat, use('messageRoles', '../entities/message'))).toEqual([
        expect.stringContaining('another module uses entities only through its door'),
      ]);
      expect(await problems(chat, use('messageRoles', '../entities'))).toEqual([]);
      expect(await problems(chat, use('runStorageContract', '../storage/contract'))).toEqual([]);
      // Inside a module, files import each other freely.
      expect(
        await problems('packages/core/src/entities/layer-probe.ts', use('messageRoles', './message')),
      ).toEqual([]);
    });
  },
);
