import { readFileSync } from 'node:fs';
import type { ApiType } from '@parley/core/models';
import { normaliseStream } from '@parley/core/providers';

/**
 * Stream normalisation throughput per provider format: a ~20 MB synthetic stream built by
 * repeating recorded fixture events, fed in 16 KiB reads, every event consumed. Prints numbers;
 * it is never a pass/fail test.
 */

export type BenchResult = { name: string; value: number; unit: string; target?: string; pass?: boolean };

const TARGET_BYTES = 20 * 1024 * 1024;
const READ_SIZE = 16 * 1024;
const TARGET_MB_PER_S = 50;
const RUNS = 3;

function fixture(path: string): string {
  const text = readFileSync(new URL(`../fixtures/provider-streams/${path}`, import.meta.url), 'utf8');
  return text.slice(text.indexOf('\n') + 1);
}

/** Repeats `middle` between `head` and `tail` until the whole is about TARGET_BYTES. */
function build(head: string, middle: string, tail: string): Uint8Array {
  const middleBytes = Buffer.byteLength(middle);
  const repeats = Math.max(1, Math.ceil((TARGET_BYTES - Buffer.byteLength(head + tail)) / middleBytes));
  return new TextEncoder().encode(head + middle.repeat(repeats) + tail);
}

function openaiStream(): Uint8Array {
  const lines = fixture('openai/vercel-text-with-include-usage.chunks.txt')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const content = lines.filter(
    (line) => line.includes('"content":"') && line.includes('"finish_reason":null'),
  );
  const last = lines.slice(-2);
  const sse = (list: string[]) => list.map((line) => `data: ${line}\n\n`).join('');
  return build(sse(lines.slice(0, 1)), sse(content), `${sse(last)}data: [DONE]\n\n`);
}

function anthropicStream(): Uint8Array {
  const events = fixture('anthropic/pydantic-thinking-stream.sse.txt')
    .split('\n\n')
    .map((e) => e.replace(/^#### .*\n/m, ''));
  const textDeltas = events.filter((e) => e.includes('"text_delta"'));
  const head = events.filter((e) => e.includes('message_start') || e.includes('"type":"text"'));
  const tail = events.filter((e) => e.includes('message_delta') || e.includes('message_stop'));
  const join = (list: string[]) => list.map((e) => `${e}\n\n`).join('');
  return build(join(head), join(textDeltas), join(tail));
}

function geminiStream(): Uint8Array {
  const body = fixture('gemini/pydantic-text-stream-crlf.sse.txt').replace(/^#### .*\n/m, '');
  const events = body.split('\r\n\r\n').filter((e) => e.startsWith('data:'));
  const join = (list: string[]) => list.map((e) => `${e}\r\n\r\n`).join('');
  return build('', join(events.slice(0, -1)), join(events.slice(-1)));
}

function bodyOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + READ_SIZE));
      offset += READ_SIZE;
    },
  });
}

async function timeOnce(bytes: Uint8Array, format: ApiType): Promise<{ seconds: number; textChars: number }> {
  let textChars = 0;
  let finished = false;
  const start = performance.now();
  for await (const event of normaliseStream(bodyOf(bytes), { apiType: format, provider: 'custom' })) {
    if (event.type === 'text-delta') textChars += event.text.length;
    else if (event.type === 'finish') finished = true;
    else if (event.type === 'error') throw event.error;
  }
  const seconds = (performance.now() - start) / 1000;
  if (!finished || textChars === 0)
    throw new Error(`${format}: the synthetic stream did not finish with text`);
  return { seconds, textChars };
}

export default async function run(): Promise<BenchResult[]> {
  const streams: [string, ApiType, Uint8Array][] = [
    ['openai', 'openai', openaiStream()],
    ['anthropic', 'claude', anthropicStream()],
    ['gemini', 'gemini', geminiStream()],
  ];
  const results: BenchResult[] = [];
  for (const [label, format, bytes] of streams) {
    await timeOnce(bytes, format); // warm-up
    let best = Infinity;
    for (let i = 0; i < RUNS; i++) best = Math.min(best, (await timeOnce(bytes, format)).seconds);
    const mbPerSecond = bytes.length / 1e6 / best;
    results.push({
      name: `stream-parse ${label} (${(bytes.length / 1e6).toFixed(1)} MB in 16 KiB reads)`,
      value: Math.round(mbPerSecond * 10) / 10,
      unit: 'MB/s',
      target: `>= ${TARGET_MB_PER_S}`,
      pass: mbPerSecond >= TARGET_MB_PER_S,
    });
  }
  return results;
}
