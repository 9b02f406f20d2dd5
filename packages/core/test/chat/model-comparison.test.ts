import { describe, expect, it } from 'vitest';
import { chatPath, switchBranch, upsertMessage } from '../../src/chat/chat-edits';
import { planChatRequest } from '../../src/chat/chat-request-builder';
import { forkChat, resetChat } from '../../src/chat/chat-edits';
import {
  chatForColumn,
  comparedModels,
  continueWithAnswer,
  MAX_COMPARED_MODELS,
  startComparison,
  withoutComparison,
} from '../../src/chat/model-comparison';
import { parseChat } from '../../src/entities/chat';
import { buildMessageTree, siblingsOf } from '../../src/chat/message-tree';
import { chatWith, message, requestSettings, testDeps } from '../../src/chat/test-chats';
import { findModel } from '../../src/models/catalogue';
import type { ModelDescriptor } from '../../src/models/model-descriptor';
import { compareMessageOrder } from '../../src/sync/merge-message';

const model = (id: string) => findModel(id) as ModelDescriptor;
const prompt = { now: new Date('2024-05-03T12:05:00Z'), locale: 'en-GB', timeZone: 'UTC' };

function askedChat() {
  const deps = testDeps();
  const q1 = message('user', 'q1', deps);
  const a1 = message('assistant', 'a1', deps, { parentId: q1.id });
  const other = message('assistant', 'other version', deps, { parentId: q1.id });
  const q2 = message('user', 'q2', deps, { parentId: a1.id });
  const chat = chatWith([q1, other, a1, q2], deps, {
    model: 'gpt-4o',
    selectedPath: { leafId: q2.id, updatedAt: '2024-05-03T12:05:00.000Z' },
  });
  return { deps, chat, q2 };
}

describe('several models at once (MC)', () => {
  it('MC1: the chat model first, then the chosen ones, each once, at most four', () => {
    const [a, b, c, d, e] = ['m-a', 'm-b', 'm-c', 'm-d', 'm-e'].map((id) => ({ id }));
    expect(comparedModels(a!, [b!, a!, c!, b!]).map((m) => m.id)).toEqual(['m-a', 'm-b', 'm-c']);
    expect(comparedModels(a!, [b!, c!, d!, e!])).toHaveLength(MAX_COMPARED_MODELS);
    expect(comparedModels(a!, [])).toEqual([a]);
  });

  it('MC2: one empty sibling answer per model under the question, in order, the first selected', () => {
    const { deps, chat, q2 } = askedChat();
    const models = [model('gpt-4o'), model('claude-3-haiku'), model('gemini-1.5-flash')];
    const { chat: started, answers } = startComparison(chat, q2.id, models, deps);
    expect(answers.map((answer) => answer.model)).toEqual(models.map((m) => m.id));
    expect(answers.every((answer) => answer.parentId === q2.id && answer.content === '')).toBe(true);
    expect(answers.every((answer) => answer.finish === 'interrupted')).toBe(true);
    expect(started.selectedPath?.leafId).toBe(answers[0]!.id);
    const { siblings } = siblingsOf(buildMessageTree(started.messages), answers[1]!.id);
    expect(siblings.map((m) => m.id)).toEqual(answers.map((answer) => answer.id));
    // Chat order (MG2) is column order whatever ids they got: sync and reloads keep the versions' order.
    const sorted = [...answers].sort(compareMessageOrder);
    expect(sorted.map((m) => m.model)).toEqual(models.map((m) => m.id));
    expect(new Set(answers.map((m) => m.createdAt)).size).toBe(3);
    // The earlier messages are untouched.
    expect(started.messages.slice(0, chat.messages.length)).toEqual(chat.messages);
  });

  it('MC2: an answer saved into its column does not move the selection', () => {
    const { deps, chat, q2 } = askedChat();
    const models = [model('gpt-4o'), model('claude-3-haiku')];
    const { chat: started, answers } = startComparison(chat, q2.id, models, deps);
    const done = upsertMessage(started, { ...answers[1]!, content: 'Claude says hi', finish: 'stop' }, deps);
    expect(done.selectedPath?.leafId).toBe(answers[0]!.id);
  });

  it("MC3: each column's request carries the selected path only, for its own model and provider", () => {
    const { deps, chat, q2 } = askedChat();
    const claude = model('claude-3-haiku');
    const { chat: started } = startComparison(chat, q2.id, [model('gpt-4o'), claude], deps);
    const column = chatForColumn(started, q2.id, claude);
    expect(column.model).toBe(claude.id);
    const plan = planChatRequest({
      chat: column,
      settings: requestSettings(),
      access: { apiKey: 'sk-ant' },
      prompt,
    });
    if (plan.kind !== 'ready') throw new Error('expected a plan');
    expect(plan.model.id).toBe(claude.id);
    expect(plan.request.model.provider).toBe('anthropic');
    // The system text, then the selected path: the other version of a1 never goes.
    expect(plan.request.messages.map((m) => m.content).slice(1)).toEqual(['q1', 'a1', 'q2']);
    expect(plan.request.messages[0]?.role).toBe('system');
  });

  it('MC3: a model known only from a live list is planned from its snapshot', () => {
    const { deps, chat, q2 } = askedChat();
    const listed: ModelDescriptor = {
      ...model('gemini-1.5-flash'),
      id: 'gemini-9-live',
      modelID: 'gemini-9-live',
    };
    const { chat: started } = startComparison(chat, q2.id, [model('gpt-4o'), listed], deps);
    const plan = planChatRequest({
      chat: chatForColumn(started, q2.id, listed),
      settings: requestSettings(),
      access: { apiKey: 'g-key' },
      prompt,
    });
    expect(plan.kind === 'ready' && plan.model.id).toBe('gemini-9-live');
  });

  it('MC4: picking an answer puts it on the path; the others stay as its versions', () => {
    const { deps, chat, q2 } = askedChat();
    const models = [model('gpt-4o'), model('claude-3-haiku'), model('gemini-1.5-flash')];
    const { chat: started, answers } = startComparison(chat, q2.id, models, deps);
    const picked = switchBranch(started, answers[2]!.id, deps);
    expect(
      chatPath(picked)
        .map((m) => m.id)
        .slice(-2),
    ).toEqual([q2.id, answers[2]!.id]);
    const { siblings, index } = siblingsOf(buildMessageTree(picked.messages), answers[2]!.id);
    expect([siblings.length, index]).toEqual([3, 2]);
  });

  it('MC5: the started chat keeps the open comparison (question, answers and models, in column order); it survives a parse', () => {
    const { deps, chat, q2 } = askedChat();
    const models = [model('gpt-4o'), model('claude-3-haiku')];
    const { chat: started, answers } = startComparison(chat, q2.id, models, deps);
    expect(started.comparison).toEqual({
      parentId: q2.id,
      columns: answers.map((answer, i) => ({ messageId: answer.id, model: models[i]!.id })),
    });
    expect(parseChat(JSON.parse(JSON.stringify(started))).comparison).toEqual(started.comparison);
  });

  it("MC4, MC6: continuing with an answer selects it, makes its model the chat's and ends the comparison", () => {
    const { deps, chat, q2 } = askedChat();
    const claude = model('claude-3-haiku');
    const { chat: started, answers } = startComparison(chat, q2.id, [model('gpt-4o'), claude], deps);
    const next = continueWithAnswer(started, answers[1]!.id, { id: claude.id, info: { ...claude } }, deps);
    expect(chatPath(next).at(-1)?.id).toBe(answers[1]!.id);
    expect(next).toMatchObject({ model: claude.id, modelInfo: { id: claude.id }, comparison: null });
    expect(next.updatedAt >= started.updatedAt).toBe(true);
    // AC2: an agent that locked its model keeps it; the pick and the end of the comparison still happen.
    const locked = { ...started, character: { modelLocked: true } as NonNullable<typeof started.character> };
    const kept = continueWithAnswer(locked, answers[1]!.id, { id: claude.id, info: { ...claude } }, deps);
    expect(kept).toMatchObject({ model: 'gpt-4o', comparison: null });
    expect(chatPath(kept).at(-1)?.id).toBe(answers[1]!.id);
  });

  it('MC6: going on, a reset and a fork leave no comparison open', () => {
    const { deps, chat, q2 } = askedChat();
    const { chat: started, answers } = startComparison(
      chat,
      q2.id,
      [model('gpt-4o'), model('claude-3-haiku')],
      deps,
    );
    expect(withoutComparison(started).comparison).toBeNull();
    expect(withoutComparison(chat)).toBe(chat);
    expect(resetChat(started, deps).comparison).toBeNull();
    expect(forkChat(started, answers[0]!.id, deps).comparison).toBeNull();
  });
});
