import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { ErrorReporter } from './error-reporter';

export type ErrorBoundaryProps = {
  report: ErrorReporter;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
  /** When it changes (another chat, a new text), the children are tried again. */
  resetKey?: unknown;
};

type State = { hasError: boolean; error: unknown; resetKey: unknown };

/** Spec section 4: normal, then hasError after a render error (shows the fallback, reports once). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { hasError: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { hasError: false, error: undefined, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { hasError: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    try {
      this.props.report(error, { componentStack: info.componentStack });
    } catch {
      // A broken reporter must not take the recovery screen down with it.
    }
  }

  override render() {
    return this.state.hasError ? this.props.fallback(this.state.error) : this.props.children;
  }
}
