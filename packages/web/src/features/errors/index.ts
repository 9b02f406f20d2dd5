export { CrashTestTrigger } from './crash-test-hook';
export { ErrorBoundary } from './ErrorBoundary';
export { consoleErrorReporter, type ErrorReporter } from './error-reporter';
export { FatalErrorScreen } from './FatalErrorScreen';
export { MessageBoundary } from './MessageBoundary';
export type { LocalDataDump, RecoveryActions } from './recovery-actions';
