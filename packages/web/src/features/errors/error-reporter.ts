/**
 * Where render crashes are reported (spec section 4: the error boundary reports the error).
 * Default: the console. An error-reporting service plugs in at the composition root.
 */
export type ErrorReporter = (error: unknown, context: { componentStack?: string | null | undefined }) => void;

export const consoleErrorReporter: ErrorReporter = (error, context) => {
  console.error('Parley crashed while rendering:', error, context.componentStack ?? '');
};
