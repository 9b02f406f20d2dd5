import { localPref, nonEmptyString } from '../../lib/local-pref';
/**
 * Test hook for the fatal-error screen: while `localStorage.TM_testCrash === '1'` or the URL has
 * `?__crash=1`, <CrashTestTrigger/> throws during render. Harmless in production: all it can do is
 * show the recovery screen to someone who asked for it.
 */
export const CRASH_TEST_KEY = 'TM_testCrash';
export const CRASH_TEST_PARAM = '__crash';
const crashFlag = localPref(CRASH_TEST_KEY, nonEmptyString, undefined, { format: 'text' });

export function isCrashRequested(search: string, readFlag: () => string | null): boolean {
  if (new URLSearchParams(search).get(CRASH_TEST_PARAM) === '1') return true;
  try {
    return readFlag() === '1';
  } catch {
    return false;
  }
}

export class TestCrashError extends Error {
  constructor() {
    super(`Test crash requested (${CRASH_TEST_KEY} or ?${CRASH_TEST_PARAM}=1)`);
    this.name = 'TestCrashError';
  }
}

export function CrashTestTrigger() {
  const requested = isCrashRequested(window.location.search, () => crashFlag.read() ?? null);
  if (requested) throw new TestCrashError();
  return null;
}
