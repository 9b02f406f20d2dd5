import workerUrl from './sandbox-worker?worker&url';
import type { SandboxJob, SandboxOutcome, SandboxReply, SandboxRunMessage } from './sandbox-protocol';

/**
 * The app's side of the plugin sandbox (decision 0040): one hidden frame of public/plugin-sandbox.html
 * with sandbox="allow-scripts" and no allow-same-origin, so plugin code runs in an opaque origin.
 * Each job is a message with its own id; only answers from that frame's window are read. The frame
 * runs each job in a worker it ends on time-out; if the frame itself stops answering it is replaced.
 */

export interface RunOptions {
  timeoutMs: number;
  signal: AbortSignal;
}

export interface PluginRuntime {
  run(job: SandboxJob, options: RunOptions): Promise<SandboxOutcome>;
  /**
   * Runs a job in another worker bundle in the same frame (the code interpreter's, decision 0092):
   * the job is whatever that worker reads; it answers with one SandboxOutcome.
   */
  runIn(bundleUrl: string, job: unknown, options: RunOptions): Promise<SandboxOutcome>;
}

/** Beyond the job's own time-out: how long the frame may take to report it before it is replaced. */
const FRAME_GRACE_MS = 5_000;

type Pending = (outcome: SandboxOutcome) => void;

export function sandboxPageUrl(): string {
  return `${import.meta.env.BASE_URL}plugin-sandbox.html`;
}

/**
 * A frame with the sandbox attribute is never controlled by the service worker, so it cannot load
 * offline. While the worker controls the app, the frame asks the worker for the page with its
 * sandbox header instead (public/sandbox-sw.js): an opaque origin all the same, which the ready
 * message's origin ('null') proves before any job is sent.
 */
function servedByWorker(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
}

class SandboxFrame {
  readonly ready: Promise<void>;
  private readonly frame: HTMLIFrameElement;
  private readonly pending = new Map<string, Pending>();
  private readonly onMessage = (event: MessageEvent<SandboxReply>): void => {
    if (event.source === null || event.source !== this.frame.contentWindow) return;
    const data = event.data;
    if (data.type === 'parley-sandbox-ready') {
      // A frame in the app's own origin (no sandbox applied) gets nothing to run.
      if (event.origin === 'null') this.markReady();
      else this.markUnsafe();
    } else if (data.type === 'parley-sandbox-done') this.pending.get(data.id)?.(data.outcome);
  };
  private markReady: () => void = () => undefined;
  private markUnsafe: () => void = () => undefined;

  constructor(readonly viaWorker: boolean) {
    this.ready = new Promise((resolve, reject) => {
      this.markReady = resolve;
      this.markUnsafe = () => reject(new Error('The plugin sandbox is not isolated.'));
    });
    this.frame = document.createElement('iframe');
    if (!viaWorker) this.frame.setAttribute('sandbox', 'allow-scripts');
    this.frame.setAttribute('aria-hidden', 'true');
    this.frame.tabIndex = -1;
    this.frame.dataset.pluginSandbox = '';
    this.frame.style.display = 'none';
    this.frame.src = viaWorker ? `${sandboxPageUrl()}?sw-sandbox=1` : sandboxPageUrl();
    window.addEventListener('message', this.onMessage);
    document.body.append(this.frame);
  }

  post(message: SandboxRunMessage | { type: 'parley-sandbox-cancel'; id: string }): void {
    // An opaque origin cannot be named as a target; the frame is ours and checks its source.
    this.frame.contentWindow?.postMessage(message, '*');
  }

  wait(id: string, settle: Pending): void {
    this.pending.set(id, (outcome) => {
      this.pending.delete(id);
      settle(outcome);
    });
  }

  forget(id: string): void {
    this.pending.delete(id);
  }

  destroy(): void {
    window.removeEventListener('message', this.onMessage);
    this.frame.remove();
    for (const settle of this.pending.values()) settle({ ok: false, message: 'The plugin sandbox stopped.' });
    this.pending.clear();
  }
}

export function createPluginRuntime(): PluginRuntime {
  let frame: SandboxFrame | undefined;
  const workerSources = new Map<string, Promise<string>>();
  const sourceText = (url: string): Promise<string> => {
    let source = workerSources.get(url);
    if (!source) {
      source = fetch(url).then((response) => {
        if (!response.ok) throw new Error(`The plugin runtime could not be loaded (${response.status}).`);
        return response.text();
      });
      workerSources.set(url, source);
    }
    return source;
  };

  const runIn = async (
    url: string,
    job: unknown,
    { timeoutMs, signal }: RunOptions,
  ): Promise<SandboxOutcome> => {
    if (signal.aborted) return { ok: false, message: 'stopped' };
    const source = await sourceText(url).catch((error: unknown) => {
      workerSources.delete(url);
      throw error;
    });
    let current = (frame ??= new SandboxFrame(servedByWorker()));
    try {
      await current.ready;
    } catch (error) {
      // The worker's page was not sandboxed (an older worker): the attribute's frame instead.
      current.destroy();
      if (!current.viaWorker) throw error;
      current = frame = new SandboxFrame(false);
      await current.ready;
    }
    const id = crypto.randomUUID();
    return new Promise<SandboxOutcome>((resolve) => {
      const guard = setTimeout(() => {
        // The frame did not report the job's end: it is stuck. A new one serves the next job.
        current.destroy();
        if (frame === current) frame = undefined;
        resolve({ ok: false, message: 'timeout', timedOut: true });
      }, timeoutMs + FRAME_GRACE_MS);
      const onAbort = (): void => {
        current.post({ type: 'parley-sandbox-cancel', id });
        current.forget(id);
        clearTimeout(guard);
        resolve({ ok: false, message: 'stopped' });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      current.wait(id, (outcome) => {
        clearTimeout(guard);
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      });
      current.post({ type: 'parley-sandbox-run', id, workerSource: source, job, timeoutMs });
    });
  };
  return { run: (job, options) => runIn(workerUrl, job, options), runIn };
}
