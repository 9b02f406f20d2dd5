import { chatPath } from '@parley/core/chat';
import type { Message } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import type { ChatTool, ToolResult } from '@parley/core/tools';
import { describe, expect, it, vi } from 'vitest';
import { createChatRuntime } from '../../src/features/chat/chat-runtime';
import { createAnswerSources } from '../../src/features/chat/answer-sources';

/** A fake OpenAI endpoint: the first answer of a turn calls tools, the next one answers in words. */
function toolProvider(calls: { id: string; name: string; args: string }[], callWhileOffered = false) {
  const requests: Record<string, unknown>[] = [];
  const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
  const fetchImpl = async (_url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { stream?: boolean; messages: { role: string }[] };
    requests.push(body);
    if (body.stream !== true) {
      const json = {
        choices: [{ index: 0, message: { role: 'assistant', content: 'Title' }, finish_reason: 'stop' }],
      };
      return new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } });
    }
    const offered = Array.isArray((body as { tools?: unknown }).tools);
    const answeringTools = callWhileOffered ? !offered : body.messages.at(-1)?.role === 'tool';
    const events = answeringTools
      ? [sse({ choices: [{ index: 0, delta: { content: 'All done.' } }] })]
      : calls.map((call, index) =>
          sse({
            choices: [
              {
                index: 0,
                delta: {
                  tool_calls: [
                    {
                      index,
                      id: call.id,
                      type: 'function',
                      function: { name: call.name, arguments: call.args },
                    },
                  ],
                },
              },
            ],
          }),
        );
    const finish = answeringTools ? 'stop' : 'tool_calls';
    const text = [
      ...events,
      sse({ choices: [{ index: 0, delta: {}, finish_reason: finish }] }),
      'data: [DONE]\n\n',
    ];
    return new Response(text.join(''), { headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

function tool(name: string): ChatTool {
  return {
    definition: { name, description: name, parameters: { type: 'object', properties: {} } },
    origin: { kind: 'plugin', id: `p-${name}`, title: name },
    outputType: 'respond_to_ai',
  };
}

function setup(
  calls: { id: string; name: string; args: string }[],
  run: (name: string, signal: AbortSignal) => Promise<ToolResult>,
  toolTimeoutMs = 30_000,
  callWhileOffered = false,
) {
  const clock = new FakeClock('2024-05-03T12:00:00.000Z');
  const store = createMemoryStore({ clock });
  const provider = toolProvider(calls, callWhileOffered);
  const sources = createAnswerSources({
    tools: [
      {
        list: async () => [tool('get_weather'), tool('get_time')],
        run: (t, call, ctx) => run(call.name, ctx.signal),
      },
    ],
  });
  const runtime = createChatRuntime(
    { store, fetch: provider.fetch, clock, ids: new SequentialIdGenerator('t') },
    {
      providerAccess: () => ({ apiKey: 'sk-test', endpoint: 'http://sim.test/v1' }),
      scheduleFrame: (callback) => callback(),
      promptContext: () => ({ now: new Date(clock.now()), locale: 'en-GB', timeZone: 'UTC' }),
      sources,
      toolTimeoutMs,
    },
  );
  return { runtime, store, provider };
}

async function settledPath(
  runtime: ReturnType<typeof setup>['runtime'],
  store: ReturnType<typeof setup>['store'],
) {
  await vi.waitFor(() => expect(Object.keys(runtime.streaming.getState().answers)).toEqual([]));
  const chat = await store.chats.get(runtime.active.getState().activeChatId ?? '');
  return chatPath(chat!);
}

const twoCalls = [
  { id: 'call_a', name: 'get_weather', args: '{"city":"Oslo"}' },
  { id: 'call_b', name: 'get_time', args: '{}' },
];

describe('tool loop in the chat session', () => {
  it('TL3 TL4 TL6 two parallel calls run, their results are stored in the spec shape and paired in the next request', async () => {
    const started: string[] = [];
    const { runtime, store, provider } = setup(twoCalls, async (name) => {
      started.push(name);
      return { status: 'ok', forModel: `${name} result` };
    });
    await runtime.session.send(null, 'Weather and time?');
    await vi.waitFor(async () =>
      expect((await settledPath(runtime, store)).at(-1)?.content).toBe('All done.'),
    );
    const path = await settledPath(runtime, store);
    expect(path.map((m: Message) => m.role)).toEqual([
      'user',
      'assistant',
      'function',
      'function',
      'assistant',
    ]);
    const [, answer, first, second, final] = path as [Message, Message, Message, Message, Message];
    expect(answer.tool_calls?.map((call) => call.id)).toEqual(['call_a', 'call_b']);
    expect(first).toMatchObject({
      parentId: answer.id,
      name: 'get_weather',
      tool_call_id: 'call_a',
      type: 'tool-response',
      content: 'get_weather result',
      toolRun: { status: 'ok', arguments: '{"city":"Oslo"}' },
    });
    expect(second).toMatchObject({ parentId: first.id, tool_call_id: 'call_b', content: 'get_time result' });
    expect(final.parentId).toBe(second.id);
    expect(started.sort()).toEqual(['get_time', 'get_weather']);
    const answers = provider.requests.filter((body) => body.stream === true) as {
      tools?: unknown[];
      messages: { role: string; tool_call_id?: string; content?: string }[];
    }[];
    expect(answers).toHaveLength(2);
    expect(answers[0]?.tools).toHaveLength(2);
    expect(answers[1]?.messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'call_a', content: 'get_weather result' },
      { role: 'tool', tool_call_id: 'call_b', content: 'get_time result' },
    ]);
  });

  it('TL8 the chat reads as busy (Stop offered) from the question to the last answer, also while an answer with calls is saved', async () => {
    const { runtime, store } = setup(twoCalls, async (name) => ({ status: 'ok', forModel: name }));
    let busy = false;
    let idleSpells = 0;
    runtime.streaming.subscribe((state) => {
      const now = Object.keys(state.answers).length > 0;
      if (busy && !now) idleSpells++;
      busy = now;
    });
    await runtime.session.send(null, 'Weather and time?');
    await vi.waitFor(async () =>
      expect((await settledPath(runtime, store)).at(-1)?.content).toBe('All done.'),
    );
    // One spell of rest: the end. Before, the answer with calls cleared its row while it was saved.
    expect(idleSpells).toBe(1);
  });

  it('TL2 TL4 an unknown function and a call past its time-out go back to the model as errors', async () => {
    const calls = [
      { id: 'call_a', name: 'get_weather', args: '{}' },
      { id: 'call_b', name: 'no_such_tool', args: '{}' },
    ];
    const { runtime, store } = setup(calls, () => new Promise<ToolResult>(() => undefined), 20);
    await runtime.session.send(null, 'Hang please');
    await vi.waitFor(async () =>
      expect((await settledPath(runtime, store)).at(-1)?.content).toBe('All done.'),
    );
    const results = (await settledPath(runtime, store)).filter((m: Message) => m.role === 'function');
    expect(results.map((m: Message) => m.content)).toEqual([
      'Error: get_weather did not answer within 0 s.',
      'Error: Unknown function: no_such_tool',
    ]);
  });

  it('TL8 Stop while tools run abandons them, marks them stopped and asks the model nothing more', async () => {
    let release: (() => void) | undefined;
    const { runtime, store, provider } = setup(twoCalls, (_name, signal) => {
      return new Promise<ToolResult>((resolve) => {
        release = () => resolve({ status: 'ok', forModel: 'late' });
        signal.addEventListener('abort', () => undefined);
      });
    });
    await runtime.session.send(null, 'Start tools');
    await vi.waitFor(() => expect(release).toBeDefined());
    const chatId = runtime.active.getState().activeChatId!;
    expect(runtime.session.isStreaming(chatId)).toBe(true);
    runtime.session.stop(chatId);
    const path = await settledPath(runtime, store);
    expect(path.map((m: Message) => m.role)).toEqual(['user', 'assistant', 'function', 'function']);
    expect(path.slice(2).map((m: Message) => m.toolRun?.status)).toEqual(['stopped', 'stopped']);
    release?.();
    expect(provider.requests.filter((body) => body.stream === true)).toHaveLength(1);
  });

  it('TL6 Regenerate redoes the whole turn: a new first answer under the question, the old steps kept as a version', async () => {
    const { runtime, store } = setup(twoCalls, async (name) => ({
      status: 'ok',
      forModel: `${name} result`,
    }));
    await runtime.session.send(null, 'Weather and time?');
    await vi.waitFor(async () =>
      expect((await settledPath(runtime, store)).at(-1)?.content).toBe('All done.'),
    );
    const before = await settledPath(runtime, store);
    await runtime.session.regenerate(runtime.active.getState().activeChatId!);
    await vi.waitFor(async () => {
      const path = await settledPath(runtime, store);
      expect(path[1]?.id).not.toBe(before[1]?.id);
      expect(path.at(-1)?.content).toBe('All done.');
    });
    const after = await settledPath(runtime, store);
    expect(after.map((m: Message) => m.role)).toEqual([
      'user',
      'assistant',
      'function',
      'function',
      'assistant',
    ]);
    expect(after[1]?.parentId).toBe(before[0]?.id);
    const chat = await store.chats.get(runtime.active.getState().activeChatId!);
    expect(chat?.messages.filter((m) => m.role === 'function')).toHaveLength(4);
  });

  it('TL5 a model that keeps calling gets ten steps; the eleventh request offers no tools and its answer ends the turn', async () => {
    const { runtime, store, provider } = setup(
      [{ id: 'call_x', name: 'get_weather', args: '{}' }],
      async () => ({ status: 'ok', forModel: 'again' }),
      30_000,
      true,
    );
    await runtime.session.send(null, 'Loop forever');
    await vi.waitFor(
      async () => expect((await settledPath(runtime, store)).at(-1)?.content).toBe('All done.'),
      {
        timeout: 10_000,
      },
    );
    const answers = provider.requests.filter((body) => body.stream === true);
    expect(answers).toHaveLength(11);
    expect(answers.slice(0, 10).every((body) => Array.isArray(body.tools))).toBe(true);
    expect('tools' in (answers[10] ?? {})).toBe(false);
    const path = await settledPath(runtime, store);
    expect(path.filter((m: Message) => m.role === 'function')).toHaveLength(10);
  });
});
