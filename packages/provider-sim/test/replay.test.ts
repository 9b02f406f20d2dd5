import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProviderSim } from '../src/index';
import { DEFAULT_FIXTURES_DIR } from '../src/index';
import { anthropicMessages, openaiChat, useSim } from './helpers';

const sim = useSim();

/** The expected bytes, cut out of the fixture file independently of the simulator's own parser. */
function expectedPart(file: string, interaction: number | null): Buffer {
  const raw = readFileSync(path.join(DEFAULT_FIXTURES_DIR, file));
  const afterSource = raw.subarray(raw.indexOf(0x0a) + 1);
  if (interaction === null && !afterSource.toString('latin1').startsWith('#### interaction'))
    return afterSource;
  const text = afterSource.toString('latin1');
  const header = `#### interaction ${interaction ?? 0}:`;
  const start = text.indexOf('\n', text.indexOf(header)) + 1;
  const next = text.indexOf('\n#### interaction', start);
  return afterSource.subarray(start, next === -1 ? undefined : next + 1);
}

async function replay(
  current: ProviderSim,
  directive: string,
): Promise<{ response: Response; bytes: Buffer; reads: number }> {
  const response = await anthropicMessages(current, `[[sim:replay ${directive}]]`);
  const reader = response.body!.getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  return { response, bytes: Buffer.concat(parts), reads: parts.length };
}

describe('[[sim:replay PATH]]', () => {
  it('sends a single-response fixture byte for byte, minus its source line', async () => {
    const { response, bytes } = await replay(sim(), 'anthropic/sdk-basic-text.sse.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(bytes.equals(expectedPart('anthropic/sdk-basic-text.sse.txt', null))).toBe(true);
  });

  it('sends the first #### interaction part of a multi-part file, with its recorded content type', async () => {
    const file = 'openai/pydantic-parallel-tool-calls.sse.txt';
    const { response, bytes } = await replay(sim(), file);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(bytes.equals(expectedPart(file, 0))).toBe(true);
    expect(bytes.toString('utf8')).not.toContain('#### interaction');
  });

  it('#N picks the part recorded as interaction N, CRLF kept', async () => {
    const file = 'gemini/pydantic-functioncall-stream-crlf.sse.txt';
    const { bytes } = await replay(sim(), `${file}#1`);
    const expected = expectedPart(file, 1);
    expect(expected.toString('utf8')).toContain('\r\n\r\n');
    expect(bytes.equals(expected)).toBe(true);
    expect(bytes.equals(expectedPart(file, 0))).toBe(false);
  });

  it('wraps a .chunks.txt file as data events closed by [DONE]', async () => {
    const file = 'openai/vercel-text-with-include-usage.chunks.txt';
    const lines = readFileSync(path.join(DEFAULT_FIXTURES_DIR, file), 'utf8')
      .split('\n')
      .slice(1)
      .filter(Boolean);
    const { bytes } = await replay(sim(), file);
    expect(bytes.toString('utf8')).toBe(lines.map((l) => `data: ${l}\n\n`).join('') + 'data: [DONE]\n\n');
  });

  it('split mode sends the same bytes across several reads, the same way every time', async () => {
    const file = 'openrouter/comments-keepalive-then-midstream-error-chunk.sse.txt';
    const first = await replay(sim(), `${file} split`);
    expect(first.bytes.equals(expectedPart(file, 0))).toBe(true);
    expect(first.reads).toBeGreaterThan(1);
    const second = await replay(sim(), `${file} split`);
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  it('a missing fixture, or one outside the fixtures folder, is the provider 400', async () => {
    for (const target of ['nope/missing.sse.txt', '../../package.json']) {
      const response = await openaiChat(sim(), `[[sim:replay ${target}]]`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
        'provider-sim',
      );
    }
  });
});
