import { retryingImport } from '../../state';
import type { CodeLanguage } from './code-run-protocol';
import type { CodeRunOutcome } from './code-runner';

export type { CodeRunOutcome } from './code-runner';

/** The Run button's time limit: the tool's (decision 0092). */
export const RUN_BUTTON_SECONDS = 30;

/** A code block's language as the interpreter runs it, or null when it cannot run it. */
export function runnableLanguage(info: string | undefined): CodeLanguage | null {
  const name = info?.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (name === 'python' || name === 'py' || name === 'python3') return 'python';
  if (name === 'javascript' || name === 'js' || name === 'mjs') return 'javascript';
  return null;
}

/** Runs a code block's code (the Run button); the runner loads on the first run. */
export async function runCodeNow(
  language: CodeLanguage,
  code: string,
  signal: AbortSignal,
): Promise<CodeRunOutcome> {
  const { runCode } = await retryingImport(() => import('./code-runner'));
  return runCode({ language, code }, { timeoutMs: RUN_BUTTON_SECONDS * 1000, signal });
}
