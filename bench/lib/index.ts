export type { BenchModule, BenchResult, BenchVerdict } from './bench-result';
export { verdict } from './bench-result';
export { percentile, median, mean, roundForDisplay } from './stats';
export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './chromium';
export {
  REPO_ROOT,
  WEB_DIST,
  ensureWebBuild,
  freePort,
  startBuiltServer,
  type RunningServer,
} from './server';
