import { describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../src/index';
import { RequestLog } from '../src/request-log';
import { geminiGenerate, openaiChat, useSim } from './helpers';

const sim = useSim();

describe('request log', () => {
  it('GET /__sim/requests lists method, path with query, lower-cased headers, parsed body and time', async () => {
    await fetch(`${sim().url}/__sim/requests`, { method: 'DELETE' });
    await (await openaiChat(sim(), 'logged?', { stream: false })).text();
    await (await geminiGenerate(sim(), 'and me', { keyInQuery: true })).text();
    const log = (await (await fetch(`${sim().url}/__sim/requests`)).json()) as LoggedRequest[];
    expect(log).toHaveLength(2);
    const [openai, gemini] = log;
    expect(openai).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(openai?.headers.authorization).toBe('Bearer sk-test-key-123456');
    expect(openai?.body).toMatchObject({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'logged?' }],
    });
    expect(Number.isNaN(Date.parse(openai?.at ?? ''))).toBe(false);
    expect(gemini?.path).toBe('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse&key=AIza-test');
    expect(sim().requests()).toEqual(log);
  });

  it('DELETE /__sim/requests and clearRequests() empty it; text bodies are kept as text', async () => {
    await fetch(`${sim().url}/__sim/requests`, { method: 'DELETE' });
    expect(sim().requests()).toEqual([]);
    await (await fetch(`${sim().url}/v1/messages`, { method: 'POST', body: 'not json' })).text();
    expect(sim().requests()[0]?.body).toBe('not json');
    sim().clearRequests();
    const log = (await (await fetch(`${sim().url}/__sim/requests`)).json()) as LoggedRequest[];
    expect(log).toEqual([]);
  });

  it('GET /__sim/image.png serves a PNG that is never cached, and each fetch is logged with its query', async () => {
    await fetch(`${sim().url}/__sim/requests`, { method: 'DELETE' });
    const response = await fetch(`${sim().url}/__sim/image.png?leak=one`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((code) => String.fromCharCode(code)).join('')).toBe('PNG');
    await (await fetch(`${sim().url}/__sim/image.png?leak=two`)).arrayBuffer();
    expect(
      sim()
        .requests()
        .map((entry) => `${entry.method} ${entry.path}`),
    ).toEqual(['GET /__sim/image.png?leak=one', 'GET /__sim/image.png?leak=two']);
  });

  it('keeps only the latest 1000 entries', () => {
    const log = new RequestLog();
    for (let i = 0; i < 1005; i++) log.add({ method: 'GET', path: `/${i}`, headers: {}, body: null, at: '' });
    const entries = log.list();
    expect(entries).toHaveLength(1000);
    expect(entries[0]?.path).toBe('/5');
    expect(entries.at(-1)?.path).toBe('/1004');
  });
});
