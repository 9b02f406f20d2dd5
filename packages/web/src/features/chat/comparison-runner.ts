import {
  chatForColumn,
  comparedModels,
  comparisonOf,
  startComparison,
  type ProviderAccessInput,
} from '@parley/core/chat';
import type { Chat, Message } from '@parley/core/entities';
import type { ModelDescriptor } from '@parley/core/models';
import type { ActiveChatStore } from './active-chat-store';
import type { AnswerPlan, ReadyChatPlan } from './answer-plan';
import type { AnswerRunner } from './answer-runner';
import type { ChatServices } from './chat-services';
import type { ChatWriter } from './chat-writer';
import type { Comparison, ComparisonStore } from './comparison-store';
import { createStreamingStore, type StreamingStore } from './streaming-store';

/** One column, planned before anything is saved: a column that cannot start stops the send. */
export type ColumnPlan = { model: ModelDescriptor; plan: ReadyChatPlan; access: ProviderAccessInput };

export type ComparisonRunnerDeps = {
  services: Pick<ChatServices, 'clock' | 'ids'>;
  active: ActiveChatStore;
  comparisons: ComparisonStore;
  /** An answer runner of its own per column: its model's persona re-plan and tool loop, its stream. */
  newRunner: (model: ModelDescriptor, streaming: StreamingStore) => AnswerRunner;
};

/**
 * MC1, MC3: the chat's own model's plan first, then one per other model (each once, four in all);
 * the first that cannot start (a key missing) is the send's answer.
 */
export function planCompared(
  chat: Chat,
  parentId: string,
  own: Extract<AnswerPlan, { ok: true }>,
  others: readonly ModelDescriptor[],
  plan: (chat: Chat) => AnswerPlan,
): { ok: true; columns: ColumnPlan[] } | Extract<AnswerPlan, { ok: false }> {
  const models = comparedModels(own.plan.model, others);
  const planned = planColumns(chat, parentId, models.slice(1), plan);
  if (!planned.ok) return planned;
  return { ok: true, columns: [{ model: own.plan.model, ...own }, ...planned.columns] };
}

/**
 * MC3: plans each model's answer to `parentId` of `chat` from the path up to it, for that model and
 * its provider's key; the first plan that cannot start (a key missing) is the send's answer.
 */
export function planColumns(
  chat: Chat,
  parentId: string,
  models: readonly ModelDescriptor[],
  plan: (chat: Chat) => AnswerPlan,
): { ok: true; columns: ColumnPlan[] } | Extract<AnswerPlan, { ok: false }> {
  const columns: ColumnPlan[] = [];
  for (const model of models) {
    const planned = plan(chatForColumn(chat, parentId, model));
    if (!planned.ok) return planned;
    columns.push({ model, plan: planned.plan, access: planned.access });
  }
  return { ok: true, columns };
}

/**
 * Streams several models' answers to one question at once, each into its own column (MC*,
 * decision 0055): each is an ordinary answer run, so saving part-way, Stop, errors, usage and cost
 * are the single answer's. The empty answers are saved first (MC2, the first selected).
 */
export async function runComparison(
  deps: ComparisonRunnerDeps,
  writer: ChatWriter,
  chat: Chat,
  parentId: string,
  columns: readonly ColumnPlan[],
): Promise<void> {
  const { services, active, comparisons } = deps;
  const { answers } = startComparison(
    chat,
    parentId,
    columns.map((column) => column.model),
    services,
  );
  const saved = await writer.writeChat(chat.id, chat.id, (current) =>
    withAnswers(current, parentId, answers),
  );
  active.apply(saved);
  const chatId = saved.id;
  const runs = columns.map((column, i) => {
    const streaming = createStreamingStore();
    const runner = deps.newRunner(column.model, streaming);
    return { column, runner, streaming, answer: answers[i]! };
  });
  setComparison(comparisons, chatId, {
    parentId,
    columns: runs.map(({ column, runner, streaming, answer }) => ({
      messageId: answer.id,
      modelId: column.model.id,
      model: column.model,
      streaming,
      running: true,
      stop: () => runner.stop(chatId),
    })),
  });
  await Promise.all(
    runs.map(async ({ column, runner, streaming, answer }) => {
      // The column is running while its store holds its answer (cleared when it ends).
      const unsubscribe = streaming.subscribe((state) =>
        setColumnRunning(comparisons, chatId, answer.id, Object.keys(state.answers).length > 0),
      );
      try {
        await runner.run(saved, column.plan, column.access, { parentId, placeholder: answer });
      } catch (error) {
        console.error('a compared answer failed', error);
      } finally {
        unsubscribe();
        setColumnRunning(comparisons, chatId, answer.id, false);
      }
    }),
  );
}

/** MC2, MC5 on the stored copy: the same empty answers, the first selected, the comparison open. */
function withAnswers(chat: Chat, parentId: string, answers: readonly Message[]): Chat {
  const first = answers[0];
  if (!first) return chat;
  const known = new Set(chat.messages.map((message) => message.id));
  return {
    ...chat,
    messages: [...chat.messages, ...answers.filter((answer) => !known.has(answer.id))],
    selectedPath: { leafId: first.id, updatedAt: first.createdAt },
    comparison: comparisonOf(parentId, answers),
    updatedAt: first.createdAt,
  };
}

function setComparison(store: ComparisonStore, chatId: string, comparison: Comparison): void {
  store.setState((state) => ({ byChat: { ...state.byChat, [chatId]: comparison } }));
}

function setColumnRunning(store: ComparisonStore, chatId: string, messageId: string, running: boolean): void {
  const comparison = store.getState().byChat[chatId];
  const at = comparison?.columns.findIndex((column) => column.messageId === messageId) ?? -1;
  if (!comparison || at === -1 || comparison.columns[at]!.running === running) return;
  const columns = comparison.columns.map((column, i) => (i === at ? { ...column, running } : column));
  setComparison(store, chatId, { ...comparison, columns });
}
