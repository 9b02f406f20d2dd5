import type { ToolDefinition } from '@parley/core/providers';
import type { CodeFile, CodeLanguage, CodeRunOutput } from './code-run-protocol';

/**
 * The `run_code` tool (decision 0092): its definition, its arguments checked, and what a run gives
 * back: text for the model and markdown for the user (output, the returned value, the error, and
 * the files the code wrote; PNG/JPEG/GIF inline as data: images, which the markdown view allows;
 * other files, SVG included, listed by name, never drawn in the app's page).
 */

export const RUN_CODE_FUNCTION = 'run_code';
export { CODE_INTERPRETER_ID } from './lazy-run-code-source';
/** The longest a run may take (loading Python included); the model may ask for less. */
export const MAX_RUN_SECONDS = 30;

export const runCodeTool: ToolDefinition = {
  name: RUN_CODE_FUNCTION,
  description:
    'Run Python (Pyodide: the standard library; numpy, pandas, matplotlib load on demand when online) or ' +
    'JavaScript in a sandbox and get its standard output, errors, the value of its last expression, and the ' +
    "files it writes to its working directory (the user's attached files are there by name). Each run starts " +
    `fresh. Runs end after ${MAX_RUN_SECONDS} seconds.`,
  parameters: {
    type: 'object',
    properties: {
      language: { type: 'string', enum: ['python', 'javascript'] },
      code: { type: 'string', description: 'The program.' },
      timeout_seconds: {
        type: 'number',
        description: `Optional shorter limit (at most ${MAX_RUN_SECONDS}).`,
      },
    },
    required: ['language', 'code'],
  },
};

export type RunCodeRequest =
  { ok: true; language: CodeLanguage; code: string; timeoutMs: number } | { ok: false; message: string };

export function parseRunCode(args: Readonly<Record<string, unknown>>): RunCodeRequest {
  const language = args.language;
  if (language !== 'python' && language !== 'javascript') {
    return { ok: false, message: 'run_code needs "language": "python" or "javascript".' };
  }
  if (typeof args.code !== 'string' || args.code.trim() === '') {
    return { ok: false, message: 'run_code needs the program as "code".' };
  }
  const asked =
    typeof args.timeout_seconds === 'number' && args.timeout_seconds > 0
      ? args.timeout_seconds
      : MAX_RUN_SECONDS;
  return {
    ok: true,
    language,
    code: args.code,
    timeoutMs: Math.round(Math.min(asked, MAX_RUN_SECONDS) * 1000),
  };
}

const INLINE_IMAGE = /^image\/(?:png|jpeg|gif)$/;

function fence(text: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}text\n${text}\n${ticks}`;
}

function fileSize(file: CodeFile): string {
  const bytes = Math.floor((file.base64.length * 3) / 4);
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

/** The text the model gets back and the markdown the user sees. */
export function describeRun(output: CodeRunOutput): { forModel: string; markdown: string } {
  const model: string[] = [];
  const user: string[] = [];
  if (output.stdout) {
    model.push(`stdout:\n${output.stdout}`);
    user.push(fence(output.stdout));
  }
  if (output.stderr) {
    model.push(`stderr:\n${output.stderr}`);
    user.push(`**stderr**\n\n${fence(output.stderr)}`);
  }
  if (output.result !== undefined) {
    model.push(`result: ${output.result}`);
    user.push(`**→**\n\n${fence(output.result)}`);
  }
  if (output.error) {
    model.push(`error:\n${output.error}`);
    user.push(`**error**\n\n${fence(output.error)}`);
  }
  for (const file of output.files) {
    const safeName = file.name.replace(/[[\]()\\`*_<>]/g, '');
    model.push(`wrote file ${file.name} (${file.mimeType}, ${fileSize(file)})`);
    user.push(
      INLINE_IMAGE.test(file.mimeType)
        ? `![${safeName}](data:${file.mimeType};base64,${file.base64})`
        : `📄 ${safeName} (${fileSize(file)})`,
    );
  }
  if (model.length === 0) model.push('The code ran and printed nothing.');
  return { forModel: model.join('\n\n'), markdown: user.join('\n\n') || '_(no output)_' };
}
