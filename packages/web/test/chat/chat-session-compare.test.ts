import { buildMessageTree, chatPath, siblingsOf } from '@parley/core/chat';
import { findModel, type ModelDescriptor } from '@parley/core/models';
import { SequentialIdGenerator } from '@parley/core/platform';
import { describe, expect, it, vi } from 'vitest';
import { createChatRuntime } from '../../src/features/chat/chat-runtime';
import { chatCommands } from '../../src/features/chat/chat-commands';
import { comparedWith, setComparedModels } from '../../src/features/chat/compare-models-store';
import { answerSettled, isAnswer, SESSION_ENDPOINT, setupSession } from './session-harness';

const model = (id: string) => findModel(id) as ModelDescriptor;
const columnsOf = (runtime: ReturnType<typeof setupSession>['runtime'], chatId: string) =>
  runtime.comparisons.getState().byChat[chatId]?.columns ?? [];

describe('several models at once (MC)', () => {
  it('MC2, MC3: one question, three answers streamed at once, each for its own model, as siblings', async () => {
    const { runtime, store, provider } = setupSession((body) =>
      isAnswer(body)
        ? { kind: 'stream', pieces: [`From ${String(body.model)}`], usage: { prompt: 10, completion: 3 } }
        : { kind: 'json', text: 'Title' },
    );
    const outcome = await runtime.session.send(null, 'Hello all', [model('gpt-4o'), model('gpt-4o-mini')]);
    if (!outcome.ok) throw new Error('not sent');
    await vi.waitFor(() =>
      expect(columnsOf(runtime, outcome.chatId).map((c) => c.running)).toEqual([false, false, false]),
    );
    const answers = provider.calls.filter((call) => isAnswer(call.body));
    expect(answers.map((call) => call.body.model).sort()).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-5.1']);
    for (const call of answers) {
      expect(call.body.messages).toEqual([
        { role: 'system', content: 'You are a helpful AI assistant.' },
        { role: 'user', content: 'Hello all' },
      ]);
    }
    const stored = (await store.chats.get(outcome.chatId))!;
    const question = stored.messages[0]!;
    const { siblings } = siblingsOf(buildMessageTree(stored.messages), stored.messages[1]!.id);
    expect(siblings.map((m) => [m.parentId, m.model, m.content, m.finish])).toEqual([
      [question.id, 'gpt-5.1', 'From gpt-5.1', 'stop'],
      [question.id, 'gpt-4o', 'From gpt-4o', 'stop'],
      [question.id, 'gpt-4o-mini', 'From gpt-4o-mini', 'stop'],
    ]);
    // Each keeps its own usage (its column shows it with its cost); the chat's own model is selected.
    expect(siblings.every((m) => m.usage?.total_tokens === 13)).toBe(true);
    expect(chatPath(stored).at(-1)?.model).toBe('gpt-5.1');
  });

  it("MC4: Stop on one column leaves the others; the picked answer is the next question's history", async () => {
    const { runtime, provider } = setupSession((body) => {
      if (!isAnswer(body)) return { kind: 'json', text: 'Title' };
      if (body.model === 'gpt-4o') return { kind: 'hang', pieces: ['Half of'] };
      return { kind: 'stream', pieces: [`From ${String(body.model)}`] };
    });
    const outcome = await runtime.session.send(null, 'Compare', [model('gpt-4o'), model('gpt-4o-mini')]);
    if (!outcome.ok) throw new Error('not sent');
    const chatId = outcome.chatId;
    await vi.waitFor(() =>
      expect(columnsOf(runtime, chatId).map((c) => c.running)).toEqual([false, true, false]),
    );
    expect(runtime.session.isStreaming(chatId)).toBe(true);
    columnsOf(runtime, chatId)[1]!.stop();
    await vi.waitFor(() => expect(runtime.session.isStreaming(chatId)).toBe(false));
    const chat = runtime.active.getState().chat!;
    const stopped = chat.messages.find((m) => m.model === 'gpt-4o')!;
    expect([stopped.content, stopped.finish]).toEqual(['Half of', 'stopped']);

    const picked = chat.messages.find((m) => m.model === 'gpt-4o-mini')!;
    await chatCommands.switchVersion(runtime, chatId, picked.id, { saveNow: true });
    runtime.session.endComparison(chatId);
    expect(runtime.comparisons.getState().byChat[chatId]).toBeUndefined();
    await runtime.session.send(chatId, 'And then?');
    await answerSettled(runtime);
    const last = provider.calls.filter((call) => isAnswer(call.body)).at(-1)!;
    expect(last.body.messages).toEqual([
      { role: 'system', content: 'You are a helpful AI assistant.' },
      { role: 'user', content: 'Compare' },
      { role: 'assistant', content: 'From gpt-4o-mini' },
      { role: 'user', content: 'And then?' },
    ]);
  });

  it('MC5: the columns come back after a reload (a new runtime over the same store), with their stored answers', async () => {
    const { runtime, store, clock, provider } = setupSession((body) =>
      isAnswer(body)
        ? { kind: 'stream', pieces: [`From ${String(body.model)}`] }
        : { kind: 'json', text: 'T' },
    );
    const outcome = await runtime.session.send(null, 'Hello all', [model('gpt-4o')]);
    if (!outcome.ok) throw new Error('not sent');
    await vi.waitFor(() =>
      expect(columnsOf(runtime, outcome.chatId).map((c) => c.running)).toEqual([false, false]),
    );
    const live = columnsOf(runtime, outcome.chatId).map((c) => [c.messageId, c.modelId]);
    const stored = (await store.chats.get(outcome.chatId))!;
    expect(stored.comparison).toEqual({
      parentId: stored.messages[0]!.id,
      columns: live.map(([messageId, modelId]) => ({ messageId, model: modelId })),
    });

    const reloaded = createChatRuntime(
      { store, fetch: provider.fetch, clock, ids: new SequentialIdGenerator('r') },
      {
        providerAccess: () => ({ apiKey: 'sk-test', endpoint: SESSION_ENDPOINT }),
        scheduleFrame: (callback) => callback(),
      },
    );
    await reloaded.active.open(outcome.chatId);
    const shown = columnsOf(reloaded, outcome.chatId);
    expect(shown.map((c) => [c.messageId, c.modelId])).toEqual(live);
    expect(shown.every((c) => !c.running)).toBe(true);
    const chat = reloaded.active.getState().chat!;
    expect(shown.map((c) => chat.messages.find((m) => m.id === c.messageId)?.content)).toEqual([
      'From gpt-5.1',
      'From gpt-4o',
    ]);
    // A question asked without a pick closes it, for good (MC6).
    setComparedModels(outcome.chatId, []);
    await reloaded.session.send(outcome.chatId, 'And?');
    await vi.waitFor(() => expect(columnsOf(reloaded, outcome.chatId)).toEqual([]));
    expect((await store.chats.get(outcome.chatId))!.comparison).toBeNull();
  });

  it("MC4, MC6: Continue with this makes that column's model the chat's and ends comparing: the next question goes to it alone", async () => {
    const { runtime, store, provider } = setupSession((body) =>
      isAnswer(body)
        ? { kind: 'stream', pieces: [`From ${String(body.model)}`] }
        : { kind: 'json', text: 'T' },
    );
    const mini = model('gpt-4o-mini');
    setComparedModels('', [model('gpt-4o'), mini]);
    const outcome = await runtime.session.send(null, 'Compare', comparedWith(''));
    if (!outcome.ok) throw new Error('not sent');
    const chatId = outcome.chatId;
    setComparedModels(chatId, [model('gpt-4o'), mini]);
    await vi.waitFor(() =>
      expect(columnsOf(runtime, chatId).map((c) => c.running)).toEqual([false, false, false]),
    );
    const picked = columnsOf(runtime, chatId)[2]!;
    await chatCommands.continueWith(runtime, chatId, picked.messageId, picked.modelId, picked.model);
    expect(runtime.active.getState().chat).toMatchObject({ model: 'gpt-4o-mini', comparison: null });
    expect(runtime.comparisons.getState().byChat[chatId]).toBeUndefined();
    expect(comparedWith(chatId)).toEqual([]);
    expect(await store.chats.get(chatId)).toMatchObject({
      model: 'gpt-4o-mini',
      modelInfo: { id: 'gpt-4o-mini' },
      comparison: null,
    });

    const before = provider.calls.filter((call) => isAnswer(call.body)).length;
    await runtime.session.send(chatId, 'And then?', comparedWith(chatId));
    await answerSettled(runtime);
    const after = provider.calls.filter((call) => isAnswer(call.body)).slice(before);
    expect(after.map((call) => call.body.model)).toEqual(['gpt-4o-mini']);
    expect(after[0]!.body.messages).toEqual([
      { role: 'system', content: 'You are a helpful AI assistant.' },
      { role: 'user', content: 'Compare' },
      { role: 'assistant', content: 'From gpt-4o-mini' },
      { role: 'user', content: 'And then?' },
    ]);
  });

  it('MC3: a compared model whose provider has no key refuses the send and saves nothing', async () => {
    const { runtime, store, provider } = setupSession(() => ({ kind: 'stream', pieces: ['x'] }));
    const outcome = await runtime.session.send(null, 'Hello', [model('claude-3-haiku')]);
    expect(outcome).toEqual({ ok: false, notice: { kind: 'missing-key', provider: 'anthropic' } });
    expect(await store.chats.listSummaries()).toEqual([]);
    expect(provider.calls).toEqual([]);
  });
});
