// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Core's modules (the folders of packages/core/src) use each other only through their doors
 * (decision 0089): a module's `index.ts`, or the `index.ts` of one of its subfolders, which is a
 * subpath door of its own (`@parley/core/storage/contract`, `@parley/core/sync/test-support`).
 * Inside a module, files import each other freely. eslint.config.js turns these zones into
 * import-x/no-restricted-paths rules; scripts/test/layer-imports.test.ts checks that the modules
 * form no cycle.
 * @param {{ src: string, root?: string }} options `src` from the repository root.
 */
export function coreModuleZones({ src, root = path.resolve(import.meta.dirname, '../..') }) {
  const dir = path.join(root, src);
  const modules = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return modules.map((module) => {
    const doors = readdirSync(path.join(dir, module), { recursive: true, encoding: 'utf8' })
      .filter((file) => /(^|\/)index\.ts$/.test(file))
      .map((file) => `./${file}`);
    return {
      target: modules.filter((other) => other !== module).map((other) => `${src}/${other}`),
      from: `${src}/${module}`,
      except: doors,
      message: `another module uses ${module} only through its door: import from '../${module}' (${module}/index.ts).`,
    };
  });
}
