import { readdirSync, readFileSync } from 'node:fs';
import type { ApiType, ProviderId } from '../../src/models/model-descriptor';

/**
 * Loads the recorded streams in fixtures/provider-streams (see its README): `#### interaction`
 * separators split a file into responses; `.chunks.txt` lines are wrapped as SSE, with a final [DONE] for the OpenAI family.
 */

const root = new URL('../../../../fixtures/provider-streams/', import.meta.url);

export interface RecordedResponse {
  /** `<dir>/<file>#<interaction>` */
  name: string;
  status: number;
  contentType: string;
  format: ApiType;
  provider: ProviderId;
  body: Uint8Array;
}

const dirs: Record<string, { format: ApiType; provider: ProviderId }> = {
  openai: { format: 'openai', provider: 'openai' },
  'openai-compatible': { format: 'openai', provider: 'custom' },
  openrouter: { format: 'openai', provider: 'openrouter' },
  anthropic: { format: 'claude', provider: 'anthropic' },
  gemini: { format: 'gemini', provider: 'gemini' },
};

const encoder = new TextEncoder();

function afterFirstLine(text: string): string {
  return text.slice(text.indexOf('\n') + 1);
}

export function readFixtureText(relativePath: string): string {
  return readFileSync(new URL(relativePath, root), 'utf8');
}

function parseFile(dir: string, file: string): RecordedResponse[] {
  const meta = dirs[dir];
  if (!meta) throw new Error(`unknown fixture dir ${dir}`);
  const text = afterFirstLine(readFixtureText(`${dir}/${file}`));
  if (file.endsWith('.chunks.txt')) {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    // Only the OpenAI family ends with [DONE] (README fact 2); Anthropic and Gemini just stop.
    const done = meta.format === 'openai' ? 'data: [DONE]\n\n' : '';
    const sse = lines.map((line) => `data: ${line}\n\n`).join('') + done;
    return [
      {
        name: `${dir}/${file}`,
        status: 200,
        contentType: 'text/event-stream',
        ...meta,
        body: encoder.encode(sse),
      },
    ];
  }
  const header = /^#### interaction (\d+): status (\d+)[^;]*; content-type \['([^']*)'\].*$/gm;
  const headers = [...text.matchAll(header)];
  if (headers.length === 0) {
    return [
      {
        name: `${dir}/${file}`,
        status: 200,
        contentType: 'text/event-stream',
        ...meta,
        body: encoder.encode(text),
      },
    ];
  }
  return headers.map((match, i) => {
    const start = (match.index ?? 0) + match[0].length + 1;
    const end = headers[i + 1]?.index ?? text.length;
    return {
      name: `${dir}/${file}#${match[1]}`,
      status: Number(match[2]),
      contentType: match[3] ?? '',
      ...meta,
      body: encoder.encode(text.slice(start, end)),
    };
  });
}

/** Every recorded response of every stream fixture. */
export function allRecordedResponses(): RecordedResponse[] {
  return Object.keys(dirs).flatMap((dir) =>
    readdirSync(new URL(`${dir}/`, root))
      .filter((file) => file.endsWith('.txt'))
      .sort()
      .flatMap((file) => parseFile(dir, file)),
  );
}

export function recordedResponse(name: string): RecordedResponse {
  const found = allRecordedResponses().find((r) => r.name === name);
  if (!found) throw new Error(`no recorded response ${name}`);
  return found;
}

/** The body of one entry of an errors/*.txt file: the lines after its `=== <title>` line. */
export function errorFixtureBody(file: string, titleStart: string): string {
  const text = readFixtureText(`errors/${file}`);
  const blocks = text.split(/^=== /m).slice(1);
  const block = blocks.find((b) => b.startsWith(titleStart));
  if (!block) throw new Error(`no error entry "${titleStart}" in ${file}`);
  return block.slice(block.indexOf('\n') + 1).trim();
}
