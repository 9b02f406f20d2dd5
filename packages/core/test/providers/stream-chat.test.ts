import { describe, expect, it } from 'vitest';
import { findModel } from '../../src/models/catalogue';
import type { ModelDescriptor } from '../../src/models/model-descriptor';
import { collectChat } from '../../src/providers/chat-assembly';
import type { ChatEvent } from '../../src/providers/chat-event';
import type { ChatRequest } from '../../src/providers/chat-request';
import { fetchWithTimeout, FetchTimeoutError } from '../../src/providers/fetch-with-timeout';
import { streamChat } from '../../src/providers/stream-chat';

/** streamChat over fake fetches: SPEC.md API1–API6. */

function model(id: string): ModelDescriptor {
  const found = findModel(id);
  if (!found) throw new Error(id);
  return found;
}

function request(id: string, stream = true): ChatRequest {
  return { model: model(id), messages: [{ role: 'user', content: 'Hi' }], settings: { stream }, apiKey: 'k' };
}

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(respond: (call: Call) => Response | Promise<Response>): {
  fetch: typeof fetch;
  calls: Call[];
} {
  const calls: Call[] = [];
  const fn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return respond(call);
  };
  return { fetch: fn as typeof fetch, calls };
}

const sse = (...payloads: unknown[]) =>
  payloads.map((p) => `data: ${typeof p === 'string' ? p : JSON.stringify(p)}\n\n`).join('');

async function all(events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const list: ChatEvent[] = [];
  for await (const event of events) list.push(event);
  return list;
}

/** A body that sends `first` and then never ends unless cancelled; records the cancel. */
function hangingBody(first: string): { body: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new TextEncoder().encode(first));
      }
      return new Promise<void>(() => undefined);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, cancelled: () => cancelled };
}

describe('streamChat', () => {
  it('API1 sends the built request through the injected fetch and yields normalised events', async () => {
    const { fetch, calls } = fakeFetch(
      () =>
        new Response(
          sse({ choices: [{ index: 0, delta: { content: 'Hello' }, finish_reason: 'stop' }] }, '[DONE]'),
          {
            headers: { 'content-type': 'text/event-stream' },
          },
        ),
    );
    const s = await collectChat(streamChat(request('gpt-4o'), { fetch }));
    expect([s.text, s.finish]).toEqual(['Hello', 'stop']);
    expect(calls[0]?.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ model: 'gpt-4o', stream: true });
  });

  it('API2 abort stops the read at once: partial text kept, then only an aborted error', async () => {
    const hanging = hangingBody(sse({ choices: [{ index: 0, delta: { content: 'part' } }] }));
    const { fetch } = fakeFetch(
      () => new Response(hanging.body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const controller = new AbortController();
    const events: ChatEvent[] = [];
    for await (const event of streamChat(request('gpt-4o'), { fetch, signal: controller.signal })) {
      events.push(event);
      if (event.type === 'text-delta') controller.abort();
    }
    expect(events.map((e) => e.type)).toEqual(['text-delta', 'error']);
    const s = await collectChat(events);
    expect([s.text, s.error?.code]).toEqual(['part', 'aborted']);
    expect(hanging.cancelled()).toBe(true);
  });

  it('API2 abort while waiting on the network ends the read without more data', async () => {
    const hanging = hangingBody(': keep-alive\n\n');
    const { fetch } = fakeFetch(
      () => new Response(hanging.body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const controller = new AbortController();
    const pending = all(streamChat(request('claude-3-haiku'), { fetch, signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const events = await pending;
    expect(events).toEqual([{ type: 'error', error: expect.objectContaining({ code: 'aborted' }) }]);
  });

  it('API2 an already aborted signal sends nothing', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(''));
    const controller = new AbortController();
    controller.abort();
    const events = await all(streamChat(request('gpt-4o'), { fetch, signal: controller.signal }));
    expect(events.map((e) => (e.type === 'error' ? e.error.code : e.type))).toEqual(['aborted']);
    expect(calls).toHaveLength(0);
  });

  it('API3 a fetch TypeError is offline', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const s = await collectChat(streamChat(request('gemini-1.5-pro'), { fetch }));
    expect([s.error?.code, s.error?.provider]).toEqual(['offline', 'gemini']);
  });

  it('API3 no response headers within timeoutMs is a timeout', async () => {
    const { fetch } = fakeFetch(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.init.signal?.addEventListener('abort', () => reject(call.init.signal?.reason));
        }),
    );
    const s = await collectChat(streamChat(request('gpt-4o'), { fetch, timeoutMs: 5 }));
    expect(s.error?.code).toBe('timeout');
  });

  it('API3 a read that fails after the response started is stream_interrupted after the partial text', async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new TypeError('terminated'));
        sent = true;
        controller.enqueue(
          new TextEncoder().encode(sse({ choices: [{ index: 0, delta: { content: 'par' } }] })),
        );
      },
    });
    const { fetch } = fakeFetch(
      () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const s = await collectChat(streamChat(request('gpt-4o'), { fetch }));
    expect([s.text, s.error?.code]).toEqual(['par', 'stream_interrupted']);
  });

  it('API4 a non-2xx status is mapped from its body whatever the content type says (ER10)', async () => {
    const body = JSON.stringify(
      {
        error: {
          code: 400,
          message: 'API key not valid.',
          status: 'INVALID_ARGUMENT',
          details: [{ reason: 'API_KEY_INVALID' }],
        },
      },
      null,
      2,
    );
    const { fetch } = fakeFetch(
      () => new Response(body, { status: 400, headers: { 'content-type': 'text/event-stream' } }),
    );
    const events = await all(streamChat(request('gemini-1.5-flash'), { fetch }));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'error',
      error: { code: 'invalid_api_key', status: 400, rawBody: body },
    });
  });

  it('API5 a non-streaming OpenAI response gives the same events', async () => {
    const json = {
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Sure.',
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'search', arguments: '{"q":"x"}' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
    };
    const { fetch } = fakeFetch(() => Response.json(json));
    const s = await collectChat(streamChat(request('gpt-4o', false), { fetch }));
    expect(s.text).toBe('Sure.');
    expect(s.toolCalls.map((c) => [c.id, c.name, c.arguments, c.complete])).toEqual([
      ['c1', 'search', { q: 'x' }, true],
    ]);
    expect([s.usage?.totalTokens, s.finish]).toEqual([12, 'tool_calls']);
  });

  it('API5 a non-streaming Anthropic response gives the same events', async () => {
    const json = {
      type: 'message',
      content: [
        { type: 'thinking', thinking: 'hm', signature: 'S' },
        { type: 'text', text: 'Weather:' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 10, output_tokens: 20 },
    };
    const { fetch } = fakeFetch(() => Response.json(json));
    const s = await collectChat(streamChat(request('claude-3-opus', false), { fetch }));
    expect([s.text, s.reasoning, s.reasoningSignature]).toEqual(['Weather:', 'hm', 'S']);
    expect(s.toolCalls[0]).toMatchObject({
      id: 'toolu_1',
      name: 'get_weather',
      arguments: { city: 'Paris' },
      rawArguments: '{"city":"Paris"}',
    });
    expect([s.usage, s.finish]).toEqual([
      { promptTokens: 10, completionTokens: 20, totalTokens: 30 },
      'tool_calls',
    ]);
  });

  it('API5 a non-streaming Gemini response gives the same events', async () => {
    const json = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'Paris.' }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2, totalTokenCount: 6 },
    };
    const { fetch, calls } = fakeFetch(() => Response.json(json));
    const s = await collectChat(streamChat(request('gemini-1.5-pro', false), { fetch }));
    expect([s.text, s.finish, s.usage?.totalTokens]).toEqual(['Paris.', 'stop', 6]);
    expect(calls[0]?.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-pro:generateContent',
    );
  });

  it('API5 a server that ignores stream:true and answers JSON is read as JSON', async () => {
    const json = { choices: [{ index: 0, message: { content: 'whole' }, finish_reason: 'stop' }] };
    const { fetch } = fakeFetch(() => Response.json(json));
    expect((await collectChat(streamChat(request('gpt-4o'), { fetch }))).text).toBe('whole');
  });

  it('API6 leaving the loop early cancels the body', async () => {
    const hanging = hangingBody(sse({ choices: [{ index: 0, delta: { content: 'a' } }] }));
    const { fetch } = fakeFetch(
      () => new Response(hanging.body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    for await (const event of streamChat(request('gpt-4o'), { fetch })) {
      if (event.type === 'text-delta') break;
    }
    expect(hanging.cancelled()).toBe(true);
  });
});

describe('fetchWithTimeout', () => {
  it('API7 rejects with FetchTimeoutError when headers take longer than the limit', async () => {
    const { fetch } = fakeFetch(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.init.signal?.addEventListener('abort', () => reject(new Error('aborted by signal')));
        }),
    );
    await expect(fetchWithTimeout(fetch, 'https://x.test', {}, 5)).rejects.toBeInstanceOf(FetchTimeoutError);
  });

  it('API7 passes the response through, and a caller abort stays an abort', async () => {
    const ok = fakeFetch(() => new Response('fine'));
    expect(await (await fetchWithTimeout(ok.fetch, 'https://x.test')).text()).toBe('fine');
    const hanging = fakeFetch(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.init.signal?.addEventListener('abort', () => reject(call.init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const pending = fetchWithTimeout(hanging.fetch, 'https://x.test', { signal: controller.signal }, 10_000);
    controller.abort(new Error('user stop'));
    await expect(pending).rejects.toThrow('user stop');
  });
});
