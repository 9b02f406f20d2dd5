import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { hashString, randomInt, seededRandom } from './seeded-random';
import { ResponseWriter } from './stream-player';

/** One recorded response from a fixture file (see fixtures/provider-streams/README.md for the formats). */
export interface FixturePart {
  status: number;
  statusText: string;
  contentType: string;
  body: Buffer;
}

export class FixtureError extends Error {}

const PART_HEADER = /^#### interaction (\d+): status (\d+) ?([^;]*); content-type \['([^']*)'\]/;
const PART_MARKER = Buffer.from('#### interaction ');

/**
 * Reads the bytes of one recorded response: the first line (the source note) is skipped; a multi-part file
 * gives the part whose header says `interaction N` (the first part when `part` is null); a `.chunks.txt`
 * file is framed as `data: <line>\n\n` events closed by `data: [DONE]\n\n`.
 */
export async function readFixturePart(
  fixturesDir: string,
  file: string,
  part: number | null,
): Promise<FixturePart> {
  const root = path.resolve(fixturesDir);
  const target = path.resolve(root, file);
  if (!target.startsWith(root + path.sep))
    throw new FixtureError(`fixture path escapes the fixtures folder: ${file}`);
  let raw: Buffer;
  try {
    raw = await readFile(target);
  } catch {
    throw new FixtureError(`fixture not found: ${file}`);
  }
  const firstNewline = raw.indexOf(0x0a);
  const rest = firstNewline === -1 ? Buffer.alloc(0) : raw.subarray(firstNewline + 1);

  if (file.endsWith('.chunks.txt')) {
    const lines = rest
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const body = lines.map((line) => `data: ${line}\n\n`).join('') + 'data: [DONE]\n\n';
    return { status: 200, statusText: 'OK', contentType: 'text/event-stream', body: Buffer.from(body) };
  }

  const starts = partStarts(rest);
  if (starts.length === 0) {
    if (part !== null) throw new FixtureError(`${file} has a single response; drop the #${part}`);
    return { status: 200, statusText: 'OK', contentType: 'text/event-stream', body: rest };
  }
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] ?? 0;
    const headerEnd = rest.indexOf(0x0a, start);
    const header = PART_HEADER.exec(rest.subarray(start, headerEnd).toString('utf8'));
    if (!header || (part !== null && Number(header[1]) !== part)) continue;
    return {
      status: Number(header[2]),
      statusText: header[3]?.trim() || 'OK',
      contentType: header[4] ?? 'text/event-stream',
      body: rest.subarray(headerEnd + 1, starts[i + 1] ?? rest.length),
    };
  }
  throw new FixtureError(`${file} has no part #${part}`);
}

/** Byte offsets of every `#### interaction` line in a fixture body. */
function partStarts(rest: Buffer): number[] {
  const starts: number[] = [];
  let at = rest.indexOf(PART_MARKER);
  while (at !== -1) {
    if (at === 0 || rest[at - 1] === 0x0a) starts.push(at);
    at = rest.indexOf(PART_MARKER, at + PART_MARKER.length);
  }
  return starts;
}

/**
 * Sends a fixture part byte for byte with its recorded status and content type. With `split`, the bytes go
 * out in small seeded pieces (1-48 bytes, cutting through CRLF pairs and multi-byte characters) with short
 * pauses, so the client's reader sees the same event arrive across several reads.
 * Returns an error message instead of answering when the fixture cannot be read.
 */
export async function replayFixture(
  res: ServerResponse,
  fixturesDir: string,
  plan: { file: string; part: number | null; split: boolean },
): Promise<string | undefined> {
  let fixture: FixturePart;
  try {
    fixture = await readFixturePart(fixturesDir, plan.file, plan.part);
  } catch (error) {
    if (error instanceof FixtureError) return error.message;
    throw error;
  }
  const writer = new ResponseWriter(res);
  res.writeHead(fixture.status, fixture.statusText, {
    'content-type': fixture.contentType,
    'cache-control': 'no-cache',
  });
  res.flushHeaders();
  if (!plan.split) {
    await writer.write(fixture.body);
    writer.end();
    return undefined;
  }
  const random = seededRandom(hashString(`${plan.file}#${plan.part ?? 'first'}`));
  for (let at = 0; at < fixture.body.length;) {
    const size = randomInt(random, 1, 48);
    if (!(await writer.write(fixture.body.subarray(at, at + size)))) return undefined;
    at += size;
    await writer.pause(random() < 0.25 ? 1 : 0);
  }
  writer.end();
  return undefined;
}
