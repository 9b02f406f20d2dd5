/**
 * Prints where `npm test` spent its time: the phase table that scripts/test.sh wrote, then the ten
 * slowest end-to-end stories (Playwright's JSON report) and the ten slowest unit test files
 * (Vitest's JSON reports, one per package), and last what failed or was flaky, with the first lines
 * of each error, so the end of a CI log says why a run failed. Usage:
 * node --import tsx scripts/test-report.ts DIR
 * A report that is missing (its phase did not run) is left out; a report it cannot read is named.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SLOWEST = 10;

export type Timing = { name: string; seconds: number };

type PlaywrightError = { message?: string; stack?: string };
type PlaywrightResult = {
  duration: number;
  retry: number;
  status: string;
  error?: PlaywrightError;
  errors?: PlaywrightError[];
};
type PlaywrightTest = { projectName?: string; status?: string; results: PlaywrightResult[] };
type PlaywrightSpec = { title: string; file: string; line: number; tests: PlaywrightTest[] };
type PlaywrightSuite = { title: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { suites?: PlaywrightSuite[]; errors?: PlaywrightError[] };

/** How many lines of an error the summary keeps (the first ones say what was expected and got). */
const ERROR_LINES = 6;

/** An error's first lines without terminal colours. */
export function firstLines(text: string, count = ERROR_LINES): string {
  // eslint-disable-next-line no-control-regex -- the colour codes reporters write
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, count)
    .join('\n');
}

export type Failure = { name: string; error: string; flaky?: boolean };

/**
 * The stories that failed (every attempt) or were flaky (failed, then passed on a retry), and the
 * run's own errors (a global set-up or teardown that failed, such as the CSP violation check).
 */
export function storyFailures(report: PlaywrightReport): Failure[] {
  const failures: Failure[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    const titlePath = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const failed = test.results.filter((result) => !['passed', 'skipped'].includes(result.status));
        if (failed.length === 0) continue;
        const passedLater = test.results.some((result) => result.status === 'passed');
        const first = failed[0];
        const error = first?.error?.message ?? first?.errors?.[0]?.message ?? first?.status ?? '';
        failures.push({
          name: `${spec.file}:${spec.line} ${[...titlePath, spec.title].join(' › ')}`,
          error: firstLines(error),
          ...(passedLater ? { flaky: true } : {}),
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, titlePath);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of report.errors ?? [])
    failures.push({ name: 'the run itself', error: firstLines(error.message ?? error.stack ?? '') });
  return failures;
}

type VitestAssertion = { fullName?: string; title?: string; status: string; failureMessages?: string[] };
type VitestFileResult = {
  name: string;
  status?: string;
  message?: string;
  assertionResults?: VitestAssertion[];
};

/** The unit tests that failed, and the files that failed as a whole (an import or set-up error). */
export function unitFailures(report: { testResults?: VitestFileResult[] }, root: string): Failure[] {
  const failures: Failure[] = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push({
        name: `${name} › ${test.fullName ?? test.title ?? ''}`,
        error: firstLines(test.failureMessages?.[0] ?? ''),
      });
    if (failed.length === 0 && file.status === 'failed')
      failures.push({ name, error: firstLines(file.message ?? 'failed') });
  }
  return failures;
}

function failureList(title: string, failures: Failure[]): string {
  const items = failures.map(
    (failure) =>
      `  - ${failure.name}\n${failure.error
        .split('\n')
        .map((line) => `      ${line}`)
        .join('\n')}`,
  );
  return [title, ...items].join('\n');
}

/** Each story's time, retries included (a retried story cost the run both attempts). */
export function storyTimings(report: { suites?: PlaywrightSuite[] }): Timing[] {
  const timings: Timing[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    const titlePath = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        const retried = test.results.length > 1 ? ` (${test.results.length} attempts)` : '';
        timings.push({
          name: `${spec.file}:${spec.line} ${[...titlePath, spec.title].join(' › ')}${retried}`,
          seconds: ms / 1000,
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, titlePath);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return timings;
}

type VitestFile = { name: string; startTime: number; endTime: number };

/** Each unit test file's time (set-up, imports and tests), named relative to `root`. */
export function unitFileTimings(report: { testResults?: VitestFile[] }, root: string): Timing[] {
  return (report.testResults ?? []).map((file) => ({
    name: path.relative(root, file.name),
    seconds: Math.max(0, file.endTime - file.startTime) / 1000,
  }));
}

export function slowest(timings: Timing[], count = SLOWEST): Timing[] {
  return [...timings].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

function table(title: string, rows: Timing[]): string {
  const lines = rows.map((row) => `  ${row.seconds.toFixed(1).padStart(7)} s  ${row.name}`);
  return [`${title}`, ...lines].join('\n');
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.log(`(could not read ${file}: ${(error as Error).message})`);
    return undefined;
  }
}

function main(dir: string) {
  const root = path.resolve(dir, '..');
  const sections: string[] = [];
  const failures: Failure[] = [];
  const phasesFile = path.join(dir, 'phases.tsv');
  if (existsSync(phasesFile)) {
    const phases = readFileSync(phasesFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name = '', seconds = '0', status = ''] = line.split('\t');
        return { name: status === 'ok' ? name : `${name} (${status})`, seconds: Number(seconds) };
      });
    const total = phases.reduce((sum, phase) => sum + phase.seconds, 0);
    sections.push(table('Phases', phases) + `\n  ${total.toFixed(1).padStart(7)} s  sum of the phases`);
  }
  const e2eFile = path.join(dir, 'e2e.json');
  if (existsSync(e2eFile)) {
    const report = readJson(e2eFile) as PlaywrightReport | undefined;
    if (report) {
      failures.push(...storyFailures(report));
      const stories = storyTimings(report);
      const sum = stories.reduce((total, story) => total + story.seconds, 0);
      sections.push(
        table(
          `Slowest ${SLOWEST} of ${stories.length} e2e stories (${sum.toFixed(0)} s in all)`,
          slowest(stories),
        ),
      );
    }
  }
  const unitFiles = readdirSync(dir).filter((name) => /^unit-.+\.json$/.test(name));
  const units = unitFiles.flatMap((name) => {
    const report = readJson(path.join(dir, name)) as
      { testResults?: (VitestFile & VitestFileResult)[] } | undefined;
    if (report) failures.push(...unitFailures(report, root));
    return report ? unitFileTimings(report, root) : [];
  });
  if (units.length > 0)
    sections.push(table(`Slowest ${SLOWEST} of ${units.length} unit test files`, slowest(units)));
  const flaky = failures.filter((failure) => failure.flaky);
  const failed = failures.filter((failure) => !failure.flaky);
  if (flaky.length > 0)
    sections.push(failureList(`Flaky (failed, then passed on the retry): ${flaky.length}`, flaky));
  if (failed.length > 0) sections.push(failureList(`Failed: ${failed.length}`, failed));
  console.log(`\n${sections.join('\n\n')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv[2] ?? '.test-report');
}
