import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Global teardown: the app runs under its Content-Security-Policy in every story, and the server
 * appends each violation report the browser sends to `<DATA_DIR>/csp-violations.log`
 * (decision 0021). Any line there fails the run, naming what was blocked and on which page, so
 * no spec has to opt in.
 */
export default function failOnCspViolations(): void {
  const dataDir = process.env.PARLEY_E2E_DATA_DIR;
  if (!dataDir) return;
  const logFile = path.join(dataDir, 'csp-violations.log');
  if (!existsSync(logFile)) return;
  const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
  if (lines.length === 0) return;
  const shown = lines.slice(0, 10).map((line) => `  ${line.slice(0, 600)}`);
  throw new Error(
    `The app broke its Content-Security-Policy ${lines.length} time(s) during the e2e run:\n${shown.join('\n')}`,
  );
}
