import type { HttpActionRequest, HttpResultTransform } from '@parley/core/plugins';

/**
 * The messages between the app, the sandbox frame (public/plugin-sandbox.html) and the worker it
 * starts per job. Types only: the frame's script is plain JavaScript, the worker is its own bundle.
 */

export type SandboxJob =
  | {
      kind: 'javascript';
      /** The plugin's code; it defines a top-level function named `functionName`. */
      code: string;
      functionName: string;
      params: Record<string, unknown>;
      userSettings: Record<string, unknown>;
      resources: { userMessage: string };
    }
  | { kind: 'http'; request: HttpActionRequest; transform?: HttpResultTransform | undefined };

/** What a job ends with: the result as text (JSON for values that are not text), or an error. */
export type SandboxOutcome = { ok: true; text: string } | { ok: false; message: string; timedOut?: boolean };

/** App → frame. `workerSource` is the worker bundle's text (the frame cannot fetch the app's files). */
export interface SandboxRunMessage {
  type: 'parley-sandbox-run';
  id: string;
  workerSource: string;
  /** A SandboxJob for the plugin worker; another worker's own job (RunOptions.worker). */
  job: unknown;
  timeoutMs: number;
}

export interface SandboxCancelMessage {
  type: 'parley-sandbox-cancel';
  id: string;
}

/** Frame → app. */
export type SandboxReply =
  { type: 'parley-sandbox-ready' } | { type: 'parley-sandbox-done'; id: string; outcome: SandboxOutcome };
