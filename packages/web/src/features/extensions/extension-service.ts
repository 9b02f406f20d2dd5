import {
  EXTENSION_DESCRIBE_FUNCTION,
  extensionDescribeCode,
  readExtensionManifest,
} from '@parley/core/host-config';
import type { SandboxJob, SandboxOutcome } from '../plugin-runtime';
import { extensionsOffPref, updateEntry, useExtensions } from './extension-store';

/** How long a script may take to arrive, and then to declare itself in the sandbox. */
const DESCRIBE_TIMEOUT_MS = 10_000;

export type ExtensionServiceDeps = {
  /** The host's script URLs (HostSettings.extensions), absolute. */
  urls: () => readonly string[];
  fetch: typeof fetch;
  /** The plugin sandbox (plugin-runtime), loaded on the first extension's run. */
  runtime: () => Promise<{
    run(job: SandboxJob, options: { timeoutMs: number; signal: AbortSignal }): Promise<SandboxOutcome>;
  }>;
};

export type ExtensionService = {
  /** Loads every script not turned off (once; later calls wait for the same load). */
  ready(): Promise<void>;
  /** The script's text of an active extension (its tools' jobs run it). */
  script(url: string): string | undefined;
  /** Turns an extension off or back on for this device; on loads it now. */
  setOff(url: string, off: boolean): Promise<void>;
};

/**
 * Loads the host's extensions: each script's text is fetched by the app (read as text, never run
 * here) and handed to the plugin sandbox, which runs it in a worker of its opaque-origin frame and
 * answers with its declaration (decision 0140). Nothing is fetched before the first screen.
 */
export function createExtensionService(deps: ExtensionServiceDeps): ExtensionService {
  const scripts = new Map<string, string>();
  let loaded: Promise<void> | undefined;

  async function load(url: string): Promise<void> {
    updateEntry(url, { status: 'loading', problem: undefined });
    try {
      const response = await deps.fetch(url, {
        cache: 'no-cache',
        credentials: 'omit',
        signal: AbortSignal.timeout(DESCRIBE_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const script = await response.text();
      const runtime = await deps.runtime();
      const outcome = await runtime.run(
        {
          kind: 'javascript',
          code: extensionDescribeCode(script),
          functionName: EXTENSION_DESCRIBE_FUNCTION,
          params: {},
          userSettings: {},
          resources: { userMessage: '' },
        },
        { timeoutMs: DESCRIBE_TIMEOUT_MS, signal: new AbortController().signal },
      );
      if (!outcome.ok) throw new Error(outcome.message);
      const reading = readExtensionManifest(outcome.text);
      if (!reading.ok) throw new Error(reading.problem);
      // Turned off meanwhile: it stays off.
      if (extensionsOffPref.read().includes(url)) return;
      scripts.set(url, script);
      updateEntry(url, { status: 'active', name: reading.manifest.name, tools: reading.manifest.tools });
    } catch (error) {
      scripts.delete(url);
      updateEntry(url, { status: 'failed', problem: error instanceof Error ? error.message : String(error) });
    }
  }

  return {
    ready() {
      loaded ??= (async () => {
        const off = new Set(extensionsOffPref.read());
        const urls = deps.urls();
        useExtensions.setState({
          entries: urls.map((url) => ({ url, status: off.has(url) ? 'off' : 'loading' })),
        });
        await Promise.all(urls.filter((url) => !off.has(url)).map(load));
      })();
      return loaded;
    },
    script: (url) => scripts.get(url),
    async setOff(url, off) {
      const others = extensionsOffPref.read().filter((other) => other !== url);
      extensionsOffPref.write(off ? [...others, url] : others);
      if (off) {
        scripts.delete(url);
        updateEntry(url, { status: 'off', problem: undefined });
      } else {
        await load(url);
      }
    },
  };
}
