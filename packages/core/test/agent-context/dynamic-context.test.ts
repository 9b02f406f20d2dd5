import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDynamicContextRequest,
  fetchAllDynamicContext,
  fetchDynamicContext,
  fillEndpointTemplate,
  TRUNCATION_MARKER,
  truncateToBudget,
  type DynamicContextValues,
} from '../../src/agent-context/dynamic-context';
import { DynamicContextEndpointSchema } from '../../src/entities/character';
import { estimateTokens } from '../../src/models/tokens';

const values: DynamicContextValues = {
  lastUserMessage: 'weather in Paris & Lyon?',
  chatID: 'ch-1',
  chatTitle: 'Trip',
  localDate: 'Monday',
  localTime: '10:00',
};

const endpoint = (fields: Record<string, unknown>) =>
  DynamicContextEndpointSchema.parse({ name: 'Data', method: 'GET', ...fields });

/** A real HTTP server answering per path, as the endpoints of an agent would. */
let server: Server;
let base = '';
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

function route(req: IncomingMessage, res: ServerResponse, body: string) {
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
  const path = (req.url ?? '').split('?')[0];
  switch (path) {
    case '/json':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"temp": 21, "sky": "clear"}');
      return;
    case '/text':
      res.writeHead(200, { 'content-type': 'text/plain' }).end('Sunny, 21 °C');
      return;
    case '/fail':
      res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
      return;
    case '/html':
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>hi</body></html>');
      return;
    case '/huge': {
      // 10 MB in 64 kB pieces; the reader stops at its byte cap and the budget cuts the text.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const piece = 'word '.repeat(13_107);
      let sent = 0;
      const push = () => {
        while (sent < 160) {
          sent++;
          if (!res.write(piece)) return void res.once('drain', push);
        }
        res.end();
      };
      push();
      return;
    }
    case '/hang-headers':
      return; // never answers
    case '/hang-body':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      return; // never ends
    case '/empty':
      res.writeHead(200).end('');
      return;
    default:
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body }));
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => route(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// Generous for answers that come (a loaded CI machine is slow); the hang tests set their own short one.
const deps = { fetch: globalThis.fetch.bind(globalThis), timeoutMs: 10_000 };

describe('dynamic context endpoints', () => {
  it('DC2 placeholders fill the URL (encoded), headers and body; unknown braces stay', () => {
    expect(fillEndpointTemplate('q={lastUserMessage}&x={unknown}', values, encodeURIComponent)).toBe(
      'q=weather%20in%20Paris%20%26%20Lyon%3F&x={unknown}',
    );
    expect(fillEndpointTemplate('{last_user_message} / {chat_title} / {chatID}', values)).toBe(
      'weather in Paris & Lyon? / Trip / ch-1',
    );
  });

  it('DC3 POST sends the body rows as JSON (JSON values as JSON) with a content type; GET sends none', () => {
    const post = buildDynamicContextRequest(
      endpoint({
        url: 'https://x.test/a?q={message}',
        method: 'post',
        headers: [{ key: 'X-Key', value: 'k\r\nInjected: 1' }],
        body: [
          { key: 'question', value: '{lastUserMessage}' },
          { key: 'limit', value: '3' },
          { key: '', value: '' },
        ],
      }),
      values,
    );
    expect(post.url).toBe('https://x.test/a?q=weather%20in%20Paris%20%26%20Lyon%3F');
    expect(post.init.method).toBe('POST');
    expect(post.init.headers).toEqual({ 'X-Key': 'k Injected: 1', 'Content-Type': 'application/json' });
    expect(JSON.parse(post.init.body as string)).toEqual({ question: 'weather in Paris & Lyon?', limit: 3 });
    expect(post.init.credentials).toBe('omit');
    const get = buildDynamicContextRequest(
      endpoint({ url: 'https://x.test', body: [{ key: 'a', value: 'b' }] }),
      values,
    );
    expect(get.init.body).toBeUndefined();
  });

  it('DC4 JSON and text answers become context text under the endpoint name', async () => {
    const json = await fetchDynamicContext(
      endpoint({ name: 'Weather', url: `${base}/json` }),
      values,
      8000,
      deps,
    );
    expect(json).toEqual({
      name: 'Weather',
      ok: true,
      truncated: false,
      text: '{\n "temp": 21,\n "sky": "clear"\n}',
    });
    const text = await fetchDynamicContext(endpoint({ url: `${base}/text` }), values, 8000, deps);
    expect(text).toMatchObject({ ok: true, text: 'Sunny, 21 °C' });
  });

  it('DC3 the request really carries the filled rows', async () => {
    const result = await fetchDynamicContext(
      endpoint({ url: `${base}/echo`, method: 'POST', body: [{ key: 'q', value: '{chatTitle}' }] }),
      values,
      8000,
      deps,
    );
    expect(result).toMatchObject({ ok: true });
    const last = seen.at(-1)!;
    expect(last.method).toBe('POST');
    expect(JSON.parse(last.body)).toEqual({ q: 'Trip' });
    expect(last.headers['content-type']).toBe('application/json');
  });

  it('DC6 a 500, an HTML page, an empty answer and a bad URL are failures with a reason', async () => {
    const results = await fetchAllDynamicContext(
      [
        endpoint({ name: 'A', url: `${base}/fail` }),
        endpoint({ name: 'B', url: `${base}/html` }),
        endpoint({ name: 'C', url: `${base}/empty` }),
        endpoint({ name: 'D', url: 'javascript:alert(1)' }),
      ],
      values,
      8000,
      deps,
    );
    expect(results).toEqual([
      { name: 'A', ok: false, error: 'answered HTTP 500' },
      { name: 'B', ok: false, error: 'answered with an HTML page, not text or JSON' },
      { name: 'C', ok: false, error: 'answered with nothing' },
      { name: 'D', ok: false, error: 'has a URL that is not http:// or https://' },
    ]);
  });

  it('DC1 an endpoint that hangs before or after its headers ends at the deadline', async () => {
    const [headers, body] = await fetchAllDynamicContext(
      [
        endpoint({ name: 'H', url: `${base}/hang-headers` }),
        endpoint({ name: 'B', url: `${base}/hang-body` }),
      ],
      values,
      8000,
      { ...deps, timeoutMs: 400 },
    );
    expect(headers).toEqual({ name: 'H', ok: false, error: 'did not answer within 400 ms' });
    expect(body).toMatchObject({ name: 'B', ok: false });
  });

  it('DC6 an unreachable server is a failure that names CORS as a likely cause', async () => {
    const result = await fetchDynamicContext(endpoint({ url: 'http://127.0.0.1:9/x' }), values, 8000, deps);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('CORS') });
  });

  it('DC5 a 10 MB answer is read up to the cap and cut to 15% of the context, with the marker', async () => {
    const result = await fetchDynamicContext(endpoint({ url: `${base}/huge` }), values, 8000, {
      ...deps,
      timeoutMs: 5000,
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.truncated).toBe(true);
    expect(result.text.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(estimateTokens(result.text)).toBeLessThanOrEqual(1200);
    expect(estimateTokens(result.text)).toBeGreaterThan(1000);
  });

  it('DC5 text within the budget is untouched; over it, the cut ends on a word', () => {
    expect(truncateToBudget('short text', 100)).toEqual({ text: 'short text', truncated: false });
    const cut = truncateToBudget('alpha beta gamma '.repeat(200), 50);
    expect(cut.truncated).toBe(true);
    expect(estimateTokens(cut.text)).toBeLessThanOrEqual(50);
    expect(cut.text.split('\n')[0]).toMatch(/(alpha|beta|gamma)$/);
  });

  it('DC1 aborting the answer stops the endpoint calls', async () => {
    const controller = new AbortController();
    const pending = fetchDynamicContext(endpoint({ url: `${base}/hang-headers` }), values, 8000, {
      ...deps,
      timeoutMs: 10_000,
      signal: controller.signal,
    });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false });
  });
});
