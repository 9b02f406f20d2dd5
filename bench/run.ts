import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchModule } from './lib/bench-result';
import { formatResultsTable, type NamedResult } from './lib/results-table';

/**
 * `npm run bench` runs every benchmark module (bench/*.ts except this runner);
 * `npm run bench -- NAME [NAME...]` runs the named ones. Writes bench/results/latest.json.
 */
const benchDir = path.dirname(fileURLToPath(import.meta.url));

function discoverBenchNames(): string[] {
  return readdirSync(benchDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => entry.name)
    .filter(
      (name) =>
        name !== 'run.ts' &&
        !name.endsWith('.d.ts') &&
        !name.endsWith('.test.ts') &&
        !name.endsWith('.config.ts'),
    )
    .map((name) => name.slice(0, -'.ts'.length))
    .sort();
}

async function main() {
  const available = discoverBenchNames();
  const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = requested.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
    process.exit(2);
  }
  const names = requested.length > 0 ? requested : available;

  const results: NamedResult[] = [];
  const failures: string[] = [];
  for (const name of names) {
    console.log(`> bench ${name}`);
    const started = performance.now();
    try {
      const module = (await import(pathToFileURL(path.join(benchDir, `${name}.ts`)).href)) as BenchModule;
      const produced = await module.default();
      const malformed = produced.filter(
        (result) => typeof result.measure !== 'string' || typeof result.value !== 'number',
      );
      if (malformed.length > 0)
        console.warn(`  ${name}: ${malformed.length} result(s) without a measure or a number value`);
      results.push(...produced.map((result) => ({ ...result, bench: name })));
      console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      failures.push(name);
      console.error(`  ${name} failed:`, error);
    }
  }

  console.log(`\n${formatResultsTable(results)}\n`);
  const resultsDir = path.join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const report = { at: new Date().toISOString(), node: process.version, results, failed: failures };
  writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), path.join(resultsDir, 'latest.json'))}`);
  // A benchmark that crashed is a broken tool, not a slow result: say so in the exit code.
  if (failures.length > 0) process.exit(1);
}

await main();
