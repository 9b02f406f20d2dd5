import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One `vitest run` at the root runs every package's unit tests as its own project.
 *
 * Test files share their worker's modules (`isolate: false`): a fresh module graph per file cost
 * three quarters of the unit time (decision 0065). A file that replaces a module (`vi.mock`,
 * `vi.doMock`) needs a module graph of its own, so such files are found by their text and run in
 * a second, isolated project named `<package>:isolated`.
 */
const PACKAGES = [
  'packages/core',
  'packages/web',
  'packages/server',
  'packages/provider-sim',
  'bench',
  'scripts',
];
const TEST_FILE = /\.test\.tsx?$/;
const REPLACES_A_MODULE = /\bvi\.(do)?[mM]ock\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && TEST_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function projectsOf(packageDir: string): TestProjectInlineConfiguration[] {
  const files = testFiles(path.join(packageDir, 'test')).map((file) => ({
    file: path.relative(packageDir, file),
    replacesAModule: REPLACES_A_MODULE.test(readFileSync(file, 'utf8')),
  }));
  const isolated = files.filter((entry) => entry.replacesAModule).map((entry) => entry.file);
  const shared = files.filter((entry) => !entry.replacesAModule).map((entry) => entry.file);
  const config = `./${packageDir}/vitest.config.ts`;
  // `extends` adds to the package's file lists: each project leaves out the other's files.
  const project = (name: string | undefined, isolate: boolean, leftOut: string[]) => ({
    extends: config,
    test: {
      ...(name ? { name } : {}),
      root: packageDir,
      isolate,
      exclude: [...configDefaults.exclude, ...leftOut],
    },
  });
  if (isolated.length === 0) return [project(undefined, false, [])];
  return [
    project(undefined, false, isolated),
    project(`${path.basename(packageDir)}:isolated`, true, shared),
  ];
}

export default defineConfig({
  test: {
    projects: PACKAGES.flatMap(projectsOf),
  },
});
