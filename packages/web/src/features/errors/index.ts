// Errors: boundaries (app, message), the fatal-error screen with recovery, the reporter and the
// crash-test hook. A failed lazy chunk is lazyPart's to handle (decision 0100). See CONTEXT.md.
export { CrashTestTrigger } from './crash-test-hook';
export { ErrorBoundary } from './ErrorBoundary';
export { consoleErrorReporter, type ErrorReporter } from './error-reporter';
export { FatalErrorScreen } from './FatalErrorScreen';
export { MessageBoundary } from './MessageBoundary';
export type { LocalDataDump, RecoveryActions } from './recovery-actions';
