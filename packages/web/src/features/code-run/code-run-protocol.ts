/**
 * What the code worker (code-worker.ts) is given and answers. Types only: the worker is its own
 * bundle, started by the plugin sandbox frame in its opaque origin (decision 0092).
 */

export type CodeLanguage = 'python' | 'javascript';

/** A file the code reads (the chat's attachments) or wrote (the working directory). */
export interface CodeFile {
  name: string;
  mimeType: string;
  /** Base64 of the bytes. */
  base64: string;
}

/** The interpreter's files, fetched by the app from our own build and handed over as bytes. */
export interface PythonAssets {
  loader: string;
  asm: string;
  wasm: ArrayBuffer;
  stdlib: ArrayBuffer;
  lock: string;
  /** Where on-demand packages (numpy, pandas...) come from: Pyodide's package index. */
  packageBaseUrl: string;
}

export interface CodeRunJob {
  kind: 'code';
  language: CodeLanguage;
  code: string;
  files: CodeFile[];
  python?: PythonAssets | undefined;
}

/** The worker's answer, as JSON in the sandbox outcome's text. */
export interface CodeRunOutput {
  stdout: string;
  stderr: string;
  /** The value of the last expression (Python) or the code's completion value (JavaScript). */
  result?: string | undefined;
  /** The exception the code ended with (a traceback for Python). */
  error?: string | undefined;
  /** Files the code wrote or changed in its working directory. */
  files: CodeFile[];
}
