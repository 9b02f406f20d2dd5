import type { Chat, ChatComparison, Message } from '../entities';
import type { ModelDescriptor } from '../models';
import { isoNow } from '../platform';
import { isModelLocked } from './agent-chat';
import { INTERRUPTED_FINISH } from './answer-message';
import type { MessageDeps } from './chat-messages';
import { newMessage } from './chat-messages';
import { chatUpTo, switchBranch } from './chat-edits';

/**
 * Several models answer one question side by side (MC*, decisions 0055, 0073). Each answer is an
 * ordinary sibling assistant message with its own model under the question (BR1, BR8), so sync,
 * search, export and the version switcher need no change; the chat only notes which answers form
 * the open comparison (MC5), until one is picked.
 */

/** MC1: at most this many models answer one question (the chat's own and three more). */
export const MAX_COMPARED_MODELS = 4;

/**
 * MC1: the models of a comparison, in column order: the chat's own first, then the others as
 * chosen, each model once, at most MAX_COMPARED_MODELS.
 */
export function comparedModels<T extends { readonly id: string }>(primary: T, others: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const model of [primary, ...others]) {
    if (seen.has(model.id)) continue;
    seen.add(model.id);
    out.push(model);
    if (out.length === MAX_COMPARED_MODELS) break;
  }
  return out;
}

/** What a comparison adds to the chat before any answer streams. */
export interface ComparisonStart {
  readonly chat: Chat;
  /** One empty answer per model, in column order (each column streams into its own). */
  readonly answers: readonly Message[];
}

/**
 * MC2: one empty answer per model under `parentId`, in column order, saved before they stream
 * (finish `interrupted`, AN5, so a reload mid-answer reads as cut); the first is selected, so the
 * path goes on through the chat's own model until the user picks another (MC4).
 */
export function startComparison(
  chat: Chat,
  parentId: string,
  models: readonly Pick<ModelDescriptor, 'id'>[],
  deps: MessageDeps,
): ComparisonStart {
  // One millisecond apart, so chat order (MG2: createdAt, then id) is column order everywhere.
  const start = deps.clock.now();
  const answers = models.map((model, i) =>
    newMessage(
      {
        createdAt: new Date(start + i).toISOString(),
        updatedAt: new Date(start + i).toISOString(),
        parentId,
        role: 'assistant',
        content: '',
        model: model.id,
        usage: null,
        finish: INTERRUPTED_FINISH,
        error: null,
      },
      deps,
    ),
  );
  const first = answers[0];
  if (!first) return { chat, answers };
  const now = isoNow(deps.clock);
  return {
    chat: {
      ...chat,
      messages: [...chat.messages, ...answers],
      selectedPath: { leafId: first.id, updatedAt: now },
      comparison: comparisonOf(parentId, answers),
      updatedAt: now,
    },
    answers,
  };
}

/** MC5: what the chat keeps of a comparison: the question, and each column's answer and model. */
export function comparisonOf(parentId: string, answers: readonly Message[]): ChatComparison {
  return {
    parentId,
    columns: answers.map((answer) => ({ messageId: answer.id, model: answer.model ?? '' })),
  };
}

/** The model a picked answer carries the chat on with: its id and the descriptor the chat keeps. */
export interface ContinuingModel {
  readonly id: string;
  readonly info: Record<string, unknown> | null;
}

/**
 * MC4, MC6: "Continue with this": the picked answer is selected (BR8), its model becomes the
 * chat's (unless the chat's agent locked its model, AC2) and the comparison ends.
 */
export function continueWithAnswer(
  chat: Chat,
  messageId: string,
  model: ContinuingModel | undefined,
  deps: MessageDeps,
): Chat {
  const switched = switchBranch(chat, messageId, deps);
  const changesModel = model !== undefined && !isModelLocked(chat);
  return {
    ...switched,
    ...(changesModel ? { model: model.id, modelInfo: model.info } : {}),
    comparison: null,
    updatedAt: isoNow(deps.clock),
  };
}

/** MC6: the chat goes on (a question asked, an answer asked again): no comparison stays open. */
export function withoutComparison(chat: Chat): Chat {
  return chat.comparison === null ? chat : { ...chat, comparison: null };
}

/**
 * MC3: the chat as one column's request sees it: the path up to the question (BR5) and that
 * column's model (RQ1 reads `model`, then the `modelInfo` snapshot for a model from a live list).
 */
export function chatForColumn(chat: Chat, parentId: string, model: ModelDescriptor): Chat {
  return { ...chatUpTo(chat, parentId), model: model.id, modelInfo: { ...model } };
}
