import { chatPath } from '@parley/core/chat';
import { DEFAULT_CHAT_TITLE } from '@parley/core/entities';
import { describe, expect, it, vi } from 'vitest';
import { answerSettled, isAnswer, SESSION_ENDPOINT, setupSession } from './session-harness';

describe('chat session', () => {
  it('saves the user message before calling the provider, then the streamed answer with its usage', async () => {
    const { runtime, store, provider } = setupSession((body) =>
      isAnswer(body)
        ? { kind: 'stream', pieces: ['Hel', 'lo!'], usage: { prompt: 12, completion: 2 } }
        : { kind: 'json', text: 'Greetings' },
    );
    let savedBeforeCall: string[] | undefined;
    const originalFetch = provider.fetch;
    runtime.services.fetch = (async (...args: Parameters<typeof fetch>) => {
      savedBeforeCall ??= (await store.chats.listSummaries()).map((summary) => summary.preview);
      return originalFetch(...args);
    }) as typeof fetch;

    const outcome = await runtime.session.send(null, 'Hi there');
    expect(outcome.ok).toBe(true);
    await answerSettled(runtime);
    expect(savedBeforeCall).toContain('Hi there');

    const chatId = runtime.active.getState().activeChatId!;
    const stored = await store.chats.get(chatId);
    expect(stored?.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Hi there'],
      ['assistant', 'Hello!'],
    ]);
    expect(stored?.messages[1]).toMatchObject({
      model: 'gpt-5.1',
      finish: 'stop',
      usage: { prompt_tokens: 12, completion_tokens: 2 },
    });
    expect(provider.calls[0]?.url).toBe(`${SESSION_ENDPOINT}/chat/completions`);
    expect(provider.calls[0]?.body.messages).toEqual([
      { role: 'system', content: 'You are a helpful AI assistant.' },
      { role: 'user', content: 'Hi there' },
    ]);
    await vi.waitFor(async () => expect((await store.usage.query()).length).toBeGreaterThan(0));
    const [record] = await store.usage.query();
    expect(record).toMatchObject({ chatID: chatId, model: 'gpt-5.1', messageTokens: 14 });
    expect(record?.messageCostUSD).toBeCloseTo((12 / 1000) * 0.01 + (2 / 1000) * 0.03);
  });

  it('names the chat after the first answer with the fast model and records titleUsage (TT1, TT3)', async () => {
    const { runtime, store, provider } = setupSession((body) =>
      isAnswer(body)
        ? { kind: 'stream', pieces: ['Tides come from the moon.'] }
        : { kind: 'json', text: '"Why Tides Happen."', usage: { prompt: 40, completion: 4 } },
    );
    await runtime.session.send(null, 'Why are there tides?');
    await answerSettled(runtime);
    await vi.waitFor(() => expect(runtime.active.getState().chat?.chatTitle).toBe('Why Tides Happen'));
    const titleCall = provider.calls.find((call) => call.body.stream === false);
    expect(titleCall?.body.model).toBe('gpt-4.1-mini');
    const stored = await store.chats.get(runtime.active.getState().activeChatId!);
    expect(stored?.messages[1]?.titleUsage).toEqual({
      prompt_tokens: 40,
      completion_tokens: 4,
      total_tokens: 44,
    });
  });

  it('without a key: a notice, nothing saved, nothing sent', async () => {
    const { runtime, store, provider } = setupSession(() => ({ kind: 'stream', pieces: ['x'] }), {});
    const outcome = await runtime.session.send(null, 'Hello?');
    expect(outcome).toEqual({ ok: false, notice: { kind: 'missing-key', provider: 'openai' } });
    expect(runtime.notices.getState().notice).toEqual({ kind: 'missing-key', provider: 'openai' });
    expect(await store.chats.count()).toBe(0);
    expect(provider.calls).toHaveLength(0);
  });

  it('CX7 a message too long for the model: the context notice, nothing saved', async () => {
    const { runtime, store, provider } = setupSession(() => ({ kind: 'stream', pieces: ['x'] }));
    await runtime.settings.set('defaultModel', 'gpt-4');
    const outcome = await runtime.session.send(null, 'word '.repeat(8000));
    expect(outcome).toEqual({ ok: false, notice: { kind: 'cannot-fit' } });
    expect(await store.chats.count()).toBe(0);
    expect(provider.calls).toHaveLength(0);
  });

  it('AN1 a failed call keeps the question and stores the error on the answer, not as a toast too', async () => {
    const { runtime, store, failures } = setupSession(() => ({
      kind: 'status',
      status: 401,
      body: {
        error: {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
    }));
    await runtime.session.send(null, 'Does this work?');
    await answerSettled(runtime);
    const stored = await store.chats.get(runtime.active.getState().activeChatId!);
    expect(stored?.messages[0]?.content).toBe('Does this work?');
    expect(stored?.messages[1]).toMatchObject({
      role: 'assistant',
      content: '',
      usage: null,
      error: { code: 'invalid_api_key' },
    });
    // CE5: shown once, on the answer; no toast as well (pending callbacks run first).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failures).toEqual([]);
    // TT5: no title call for a failed answer, but the chat is named after its question, not "Untitled Chat".
    expect(runtime.active.getState().chat?.chatTitle).toBe('Does this work?');
    expect(runtime.active.getState().chat?.chatTitle).not.toBe(DEFAULT_CHAT_TITLE);
  });

  it('CE2 a request that cannot be made while online is stored and reported as unreachable; offline stays offline', async () => {
    const { runtime, store, failures } = setupSession(() => ({ kind: 'status', status: 200, body: {} }));
    runtime.services.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await runtime.session.send(null, 'Anyone home?');
    await answerSettled(runtime);
    const online = await store.chats.get(runtime.active.getState().activeChatId!);
    expect(online?.messages[1]?.error).toMatchObject({ code: 'unreachable' });

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const chatId = runtime.active.getState().activeChatId!;
      await runtime.session.send(chatId, 'And now?');
      await vi.waitFor(async () =>
        expect((await store.chats.get(chatId))?.messages[3]?.error).toMatchObject({ code: 'offline' }),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(failures).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });

  it('AN1 Stop keeps the partial answer with finish "stopped"', async () => {
    const { runtime, store } = setupSession(() => ({ kind: 'hang', pieces: ['Once ', 'upon ', 'a time'] }));
    await runtime.session.send(null, 'Tell me a story');
    const chatId = runtime.active.getState().activeChatId!;
    await vi.waitFor(() =>
      expect(runtime.streaming.getState().answers[chatId]?.text).toBe('Once upon a time'),
    );
    runtime.session.stop(chatId);
    await answerSettled(runtime);
    const stored = await store.chats.get(chatId);
    expect(stored?.messages[1]).toMatchObject({
      content: 'Once upon a time',
      finish: 'stopped',
      error: null,
    });
  });

  it('ED3 regenerate adds a version of the answer; ED2 edit adds a version of the question; BR5 only the path is sent', async () => {
    let answer = 0;
    const { runtime, provider, store } = setupSession((body) =>
      isAnswer(body) ? { kind: 'stream', pieces: [`Answer ${++answer}`] } : { kind: 'json', text: 'Title' },
    );
    const path = () => chatPath(runtime.active.getState().chat!).map((m) => m.content);
    await runtime.session.send(null, 'First');
    await answerSettled(runtime);
    const chatId = runtime.active.getState().activeChatId!;
    await runtime.session.regenerate(chatId);
    await vi.waitFor(() => expect(path()).toEqual(['First', 'Answer 2']));
    await answerSettled(runtime);
    expect(runtime.active.getState().chat?.messages.map((m) => m.content)).toEqual([
      'First',
      'Answer 1',
      'Answer 2',
    ]);
    const sentForRegenerate = provider.calls.filter((call) => isAnswer(call.body)).at(-1)!;
    expect((sentForRegenerate.body.messages as { content: string }[]).map((m) => m.content)).toEqual([
      'You are a helpful AI assistant.',
      'First',
    ]);

    const userId = runtime.active.getState().chat!.messages[0]!.id;
    await runtime.session.editAndResubmit(chatId, userId, 'Second');
    await vi.waitFor(() => expect(path()).toEqual(['Second', 'Answer 3']));
    await answerSettled(runtime);
    const answers = provider.calls.filter((call) => isAnswer(call.body));
    expect((answers.at(-1)?.body.messages as { content: string }[]).map((m) => m.content)).toEqual([
      'You are a helpful AI assistant.',
      'Second',
    ]);
    // Nothing was dropped: every version is in the stored chat, and the selection survives a re-read.
    const stored = (await store.chats.get(chatId))!;
    expect(stored.messages.map((m) => m.content)).toEqual([
      'First',
      'Answer 1',
      'Answer 2',
      'Second',
      'Answer 3',
    ]);
    expect(stored.messages.every((m) => !m.deletedAt)).toBe(true);
    expect(chatPath(stored).map((m) => m.content)).toEqual(['Second', 'Answer 3']);
  });

  it('a long stream is saved part-way, so a closed tab loses little', async () => {
    const pieces = Array.from({ length: 40 }, (_, i) => `w${i} `);
    const { runtime, store, clock } = setupSession(() => ({ kind: 'hang', pieces }));
    const realFetch = runtime.services.fetch;
    // Time passes while the pieces arrive (the fake clock moves 100 ms per read).
    runtime.services.fetch = (async (...args: Parameters<typeof fetch>) => {
      const response = await realFetch(...args);
      const reader = response.body!.getReader();
      const timed = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          clock.advance(100);
          controller.enqueue(value);
        },
        cancel: () => reader.cancel(),
      });
      return new Response(timed, { headers: response.headers });
    }) as typeof fetch;
    await runtime.session.send(null, 'Go on');
    const chatId = runtime.active.getState().activeChatId!;
    await vi.waitFor(async () => {
      const stored = await store.chats.get(chatId);
      expect(String(stored?.messages[1]?.content ?? '')).toMatch(/^w0 w1 /);
    });
    runtime.session.stop(chatId);
    await answerSettled(runtime);
  });
});
