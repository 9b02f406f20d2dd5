import { retryingImport } from '../../state';
import type { PluginRuntime } from '../plugin-runtime';
import type { CodeFile, CodeLanguage, CodeRunJob, CodeRunOutput, PythonAssets } from './code-run-protocol';
import workerUrl from './code-worker?worker&url';

/**
 * Runs code in the plugin sandbox frame's opaque origin (decision 0092): this chunk is loaded on the
 * first run, and Python's files (13 MB, from our own build) on the first Python run, then kept.
 */

export type CodeRunOutcome =
  { ok: true; output: CodeRunOutput } | { ok: false; message: string; timedOut?: boolean | undefined };

let pythonAssets: Promise<PythonAssets> | undefined;
let runtime: Promise<PluginRuntime> | undefined;

/** The sandbox frame's runtime (decision 0040), loaded on the first run. */
function loadRuntime(): Promise<PluginRuntime> {
  runtime ??= retryingImport(() => import('../plugin-runtime'), { retries: 2, offline: 'fail' }).then(
    (module) => module.createPluginRuntime(),
    (error: unknown) => {
      runtime = undefined;
      throw error;
    },
  );
  return runtime;
}

function pyodideFile(name: string): Promise<Response> {
  const version = import.meta.env.VITE_PYODIDE_VERSION as string;
  return fetch(`${import.meta.env.BASE_URL}pyodide/${name}?v=${version}`).then((response) => {
    if (!response.ok) throw new Error(`The Python interpreter could not be loaded (${response.status}).`);
    return response;
  });
}

function loadPythonAssets(): Promise<PythonAssets> {
  const version = import.meta.env.VITE_PYODIDE_VERSION as string;
  pythonAssets ??= Promise.all([
    pyodideFile('loader.data').then((response) => response.text()),
    pyodideFile('asm.data').then((response) => response.text()),
    pyodideFile('wasm.data').then((response) => response.arrayBuffer()),
    pyodideFile('stdlib.data').then((response) => response.arrayBuffer()),
    pyodideFile('lock.data').then((response) => response.text()),
  ]).then(
    ([loader, asm, wasm, stdlib, lock]) => ({
      loader,
      asm,
      wasm,
      stdlib,
      lock,
      packageBaseUrl: `https://cdn.jsdelivr.net/pyodide/v${version}/full/`,
    }),
    (error: unknown) => {
      pythonAssets = undefined;
      throw error;
    },
  );
  return pythonAssets;
}

export async function runCode(
  request: { language: CodeLanguage; code: string; files?: CodeFile[] | undefined },
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<CodeRunOutcome> {
  const python = request.language === 'python' ? await loadPythonAssets() : undefined;
  const job: CodeRunJob = {
    kind: 'code',
    language: request.language,
    code: request.code,
    files: request.files ?? [],
    python,
  };
  const outcome = await (await loadRuntime()).runIn(workerUrl, job, options);
  if (!outcome.ok) return outcome;
  return { ok: true, output: JSON.parse(outcome.text) as CodeRunOutput };
}
