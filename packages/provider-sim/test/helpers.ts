import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll } from 'vitest';
import type { ProviderSim } from '../src/index';
import { startProviderSim } from '../src/index';

/** Starts one simulator on a free port for the test file and stops it afterwards. */
export function useSim(options: { tokensPerSecond?: number } = {}): () => ProviderSim {
  let sim: ProviderSim | undefined;
  beforeAll(async () => {
    sim = await startProviderSim({ port: 0, ...options });
  });
  afterAll(async () => {
    await sim?.close();
  });
  return () => {
    if (!sim) throw new Error('simulator not started');
    return sim;
  };
}

export interface ParsedStream {
  raw: string;
  events: { event: string | undefined; data: string }[];
  comments: string[];
}

/** Reads a whole response body and frames it with eventsource-parser, as a client would. */
export async function readSse(response: Response): Promise<ParsedStream> {
  const raw = await response.text();
  const parsed: ParsedStream = { raw, events: [], comments: [] };
  const parser = createParser({
    onEvent: (message) => parsed.events.push({ event: message.event, data: message.data }),
    onComment: (comment) => parsed.comments.push(comment),
  });
  parser.feed(raw);
  return parsed;
}

export function jsonEvents(stream: ParsedStream): Record<string, unknown>[] {
  return stream.events
    .filter((e) => e.data !== '[DONE]')
    .map((e) => JSON.parse(e.data) as Record<string, unknown>);
}

type Body = Record<string, unknown>;

export function openaiChat(
  sim: ProviderSim,
  text: string,
  extra: Body = {},
  init: { key?: string | null; path?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = init.key === undefined ? 'sk-test-key-123456' : init.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  return fetch(`${sim.url}${init.path ?? '/v1/chat/completions'}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: text }],
      ...extra,
    }),
  });
}

export function anthropicMessages(
  sim: ProviderSim,
  text: string,
  extra: Body = {},
  headers: Record<string, string | null> = {},
) {
  const all: Record<string, string | null> = {
    'content-type': 'application/json',
    'x-api-key': 'sk-ant-test',
    'anthropic-version': '2023-06-01',
    ...headers,
  };
  return fetch(`${sim.url}/v1/messages`, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== null)),
    body: JSON.stringify({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 1024,
      stream: true,
      messages: [{ role: 'user', content: text }],
      ...extra,
    }),
  });
}

export function geminiGenerate(
  sim: ProviderSim,
  text: string,
  init: { stream?: boolean; key?: string | null; extra?: Body; keyInQuery?: boolean } = {},
) {
  const stream = init.stream ?? true;
  const key = init.key === undefined ? 'AIza-test' : init.key;
  const query = new URLSearchParams();
  if (stream) query.set('alt', 'sse');
  if (key !== null && init.keyInQuery) query.set('key', key);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null && !init.keyInQuery) headers['x-goog-api-key'] = key;
  const method = stream ? 'streamGenerateContent' : 'generateContent';
  return fetch(`${sim.url}/v1beta/models/gemini-2.0-flash:${method}?${query}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text }] }], ...init.extra }),
  });
}
