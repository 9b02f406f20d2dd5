/// <reference lib="webworker" />
import type { CodeFile, CodeRunJob, CodeRunOutput, PythonAssets } from './code-run-protocol';
import { capPythonHeap, memoryErrorText } from './memory-cap';

/**
 * Runs one `run_code` job (decision 0092). Bundled on its own and started by the plugin sandbox
 * frame as a blob worker, so the code runs in the frame's opaque origin (no app storage, cookies or
 * DOM), on its own thread, ended by the frame at its time limit. Python is Pyodide, loaded from
 * the bytes the app handed over (the frame's origin cannot read our files): a fetch that asks for
 * a file under `INDEX` is answered from them; any other goes to the network (package index).
 */

const INDEX = 'https://pyodide.invalid/';
const MAX_TEXT = 20_000;
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const WORK_DIR = '/home/pyodide/work';

function clip(text: string): string {
  return text.length > MAX_TEXT
    ? `${text.slice(0, MAX_TEXT)}\n… (${text.length - MAX_TEXT} more characters)`
    : text;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes;
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
  html: 'text/html',
  md: 'text/markdown',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function mimeOf(name: string): string {
  return MIME[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : String(error);
}

function moduleUrl(source: string): string {
  return URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
}

interface Pyodide {
  FS: {
    mkdirTree(path: string): void;
    chdir(path: string): void;
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    readdir(path: string): string[];
    stat(path: string): { mode: number; size: number };
    isFile(mode: number): boolean;
  };
  setStdout(options: { batched: (line: string) => void }): void;
  setStderr(options: { batched: (line: string) => void }): void;
  loadPackagesFromImports(
    code: string,
    options: { messageCallback: (message: string) => void; errorCallback: (message: string) => void },
  ): Promise<unknown>;
  runPythonAsync(code: string): Promise<unknown>;
}

async function loadPython(assets: PythonAssets): Promise<Pyodide> {
  const files: Record<string, { bytes: ArrayBuffer; type: string }> = {
    'pyodide.asm.wasm': { bytes: assets.wasm, type: 'application/wasm' },
    'python_stdlib.zip': { bytes: assets.stdlib, type: 'application/zip' },
  };
  const networkFetch = self.fetch.bind(self);
  self.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(INDEX)) return networkFetch(input, init);
    const file = files[url.slice(INDEX.length)];
    if (!file) return Promise.resolve(new Response('', { status: 404 }));
    return Promise.resolve(new Response(file.bytes, { headers: { 'content-type': file.type } }));
  };
  const loader = (await import(/* @vite-ignore */ moduleUrl(assets.loader))) as {
    loadPyodide: (options: Record<string, unknown>) => Promise<Pyodide>;
  };
  const asm = (await import(/* @vite-ignore */ moduleUrl(capPythonHeap(assets.asm)))) as {
    default: unknown;
  };
  return loader.loadPyodide({
    indexURL: INDEX,
    createPyodideModule: asm.default,
    lockFileContents: assets.lock,
    packageBaseUrl: assets.packageBaseUrl,
    stdout: () => undefined,
    stderr: () => undefined,
  });
}

function listFiles(py: Pyodide, inputs: Map<string, string>): CodeFile[] {
  const out: CodeFile[] = [];
  let total = 0;
  for (const name of py.FS.readdir(WORK_DIR)) {
    if (name === '.' || name === '..') continue;
    const path = `${WORK_DIR}/${name}`;
    const stat = py.FS.stat(path);
    if (!py.FS.isFile(stat.mode)) continue;
    total += stat.size;
    if (total > MAX_FILE_BYTES) break;
    const base64 = toBase64(py.FS.readFile(path));
    if (inputs.get(name) === base64) continue;
    out.push({ name, mimeType: mimeOf(name), base64 });
  }
  return out;
}

async function runPython(job: CodeRunJob): Promise<CodeRunOutput> {
  if (!job.python) throw new Error('The Python interpreter was not handed over.');
  const stdout: string[] = [];
  const stderr: string[] = [];
  const py = await loadPython(job.python);
  py.setStdout({ batched: (line) => stdout.push(line) });
  py.setStderr({ batched: (line) => stderr.push(line) });
  py.FS.mkdirTree(WORK_DIR);
  py.FS.chdir(WORK_DIR);
  const inputs = new Map<string, string>();
  for (const file of job.files) {
    const name = file.name.replace(/[/\\]/g, '_');
    py.FS.writeFile(`${WORK_DIR}/${name}`, fromBase64(file.base64));
    inputs.set(name, file.base64);
  }
  await py
    .loadPackagesFromImports(job.code, {
      messageCallback: () => undefined,
      errorCallback: (message) => stderr.push(message),
    })
    .catch((error: unknown) => {
      stderr.push(
        `Some packages could not be loaded from Pyodide's package index (is the network available?): ${errorText(error)}`,
      );
    });
  let result: string | undefined;
  let error: string | undefined;
  try {
    const value = await py.runPythonAsync(job.code);
    if (value !== undefined && value !== null) result = clip(String(value));
    (value as { destroy?: () => void } | null)?.destroy?.();
  } catch (thrown) {
    error = clip(memoryErrorText(errorText(thrown)));
  }
  return {
    stdout: clip(stdout.join('\n')),
    stderr: clip(stderr.join('\n')),
    result,
    error,
    files: listFiles(py, inputs),
  };
}

async function runJavaScript(job: CodeRunJob): Promise<CodeRunOutput> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const show = (args: unknown[]): string =>
    args.map((arg) => (typeof arg === 'string' ? arg : (JSON.stringify(arg) ?? String(arg)))).join(' ');
  const capture = self.console as unknown as Record<string, (...args: unknown[]) => void>;
  capture.log = capture.info = capture.debug = (...args) => stdout.push(show(args));
  capture.error = capture.warn = (...args) => stderr.push(show(args));
  let result: string | undefined;
  let error: string | undefined;
  try {
    // Indirect eval: the code runs in the worker's global scope; its completion value is the result.
    const value: unknown = await (0, eval)(job.code);
    if (value !== undefined)
      result = clip(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
  } catch (thrown) {
    error = clip(thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown));
  }
  return { stdout: clip(stdout.join('\n')), stderr: clip(stderr.join('\n')), result, error, files: [] };
}

self.onmessage = (event: MessageEvent<CodeRunJob>) => {
  const job = event.data;
  const run = job.language === 'python' ? runPython(job) : runJavaScript(job);
  run.then(
    (output) => self.postMessage({ ok: true, text: JSON.stringify(output) }),
    (error: unknown) => {
      const message = errorText(error);
      self.postMessage({
        ok: false,
        message: /memory/i.test(message) ? `Out of memory: ${message}` : message,
      });
    },
  );
};
