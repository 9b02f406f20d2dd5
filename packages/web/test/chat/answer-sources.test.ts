import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import type { ChatTool } from '@parley/core/tools';
import { describe, expect, it } from 'vitest';
import { createAnswerSources } from '../../src/features/chat/answer-sources';
import { createChatRuntime } from '../../src/features/chat/chat-runtime';
import { fakeProvider } from './fake-provider';
import { answerSettled, isAnswer } from './session-harness';

const weather: ChatTool = {
  definition: {
    name: 'get_weather',
    description: 'The weather',
    parameters: { type: 'object', properties: {} },
  },
  origin: { kind: 'plugin', id: 'p-weather', title: 'Weather' },
  outputType: 'respond_to_ai',
};

/** A runtime whose answers draw on the given registry of sources (the app registers its own). */
function setup(sources = createAnswerSources()) {
  const clock = new FakeClock('2024-05-03T12:00:00.000Z');
  const store = createMemoryStore({ clock });
  const provider = fakeProvider((body) =>
    isAnswer(body) ? { kind: 'stream', pieces: ['Sunny'] } : { kind: 'json', text: 'Weather' },
  );
  const runtime = createChatRuntime(
    { store, fetch: provider.fetch, clock, ids: new SequentialIdGenerator('t') },
    {
      providerAccess: () => ({ apiKey: 'sk-test', endpoint: 'http://sim.test/v1' }),
      scheduleFrame: (callback) => callback(),
      promptContext: () => ({ now: new Date(clock.now()), locale: 'en-GB', timeZone: 'UTC' }),
      sources,
    },
  );
  const answerBodies = () => provider.calls.filter((call) => isAnswer(call.body)).map((call) => call.body);
  return { runtime, answerBodies };
}

const systemText = (body: Record<string, unknown>) =>
  JSON.stringify((body.messages as { role: string }[]).filter((message) => message.role === 'system'));

describe('an answer is planned once from every registered source', () => {
  it('SC2 RQ6 the request carries each context source part and the registered tools; a failing source leaves only its part out', async () => {
    const { runtime, answerBodies } = setup(
      createAnswerSources({
        tools: [{ list: async () => [weather], run: async () => ({ status: 'ok', forModel: 'x' }) }],
      }),
    );
    // Registered after the runtime is built and loaded later, as the composition root does.
    runtime.sources.addLater(async () =>
      runtime.sources.addContext(
        {
          gather: async () => ({
            persona: { profile: { name: 'Home', information: 'I live in Berlin.', customInstruction: '' } },
          }),
        },
        {
          gather: async () => {
            throw new Error('store unavailable');
          },
        },
        {
          gather: async () => ({
            persona: { memory: [{ content: 'Likes rain', updatedAt: '2024-05-01T00:00:00.000Z' }] },
          }),
        },
      ),
    );
    await runtime.session.send(null, 'Weather tomorrow?');
    await answerSettled(runtime);
    const [body] = answerBodies();
    expect(systemText(body!)).toContain('I live in Berlin.');
    expect(systemText(body!)).toContain('Likes rain');
    expect(body!.tools).toEqual([
      expect.objectContaining({ function: expect.objectContaining({ name: 'get_weather' }) }),
    ]);
  });

  it('a later registration that failed is tried again at the next answer', async () => {
    const { runtime, answerBodies } = setup();
    let attempts = 0;
    runtime.sources.addLater(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk did not load');
      runtime.sources.addContext({
        gather: async () => ({
          persona: { profile: { name: 'Home', information: 'I live in Berlin.', customInstruction: '' } },
        }),
      });
    });
    await runtime.session.send(null, 'First?');
    await answerSettled(runtime);
    await runtime.session.send(runtime.active.getState().activeChatId, 'Second?');
    await answerSettled(runtime);
    const [first, second] = answerBodies();
    expect(systemText(first!)).not.toContain('Berlin');
    expect(systemText(second!)).toContain('I live in Berlin.');
    expect(attempts).toBe(2);
  });

  it('with no sources registered, the answer goes with neither context nor tools', async () => {
    const { runtime, answerBodies } = setup();
    await runtime.session.send(null, 'Weather tomorrow?');
    await answerSettled(runtime);
    const [body] = answerBodies();
    expect(body!.tools).toBeUndefined();
    expect(systemText(body!)).not.toContain('Berlin');
  });
});
