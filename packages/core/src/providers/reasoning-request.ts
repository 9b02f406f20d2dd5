import {
  ANTHROPIC_MIN_THINKING_BUDGET,
  budgetWithin,
  type ModelDescriptor,
  nearestEffort,
  reasoningControlsOf,
  type ReasoningEffort,
  samplingLeftOut,
} from '../models';
import type { ChatSettings } from './chat-request';

/**
 * The reasoning part of each provider's request (SPEC.md PR23-PR27, decision 0071). A model without
 * reasoning controls (RC1) gets nothing, and neither does one whose settings leave them unset: the
 * provider's own default applies.
 */

/** RC2: the effort this model is sent, or undefined. */
function effortFor(model: ModelDescriptor, settings: ChatSettings): ReasoningEffort | undefined {
  if (settings.reasoningEffort === undefined) return undefined;
  return nearestEffort(settings.reasoningEffort, reasoningControlsOf(model).efforts);
}

/** RC3: the budget this model is sent (0: off), or undefined. */
function budgetFor(model: ModelDescriptor, settings: ChatSettings): number | undefined {
  const range = reasoningControlsOf(model).budget;
  if (settings.thinkingBudget === undefined || !range) return undefined;
  return budgetWithin(settings.thinkingBudget, range);
}

/** True for OpenAI's own reasoning models (o-series, GPT-5 family), which PR23 treats apart. */
export function isOpenAIReasoningModel(model: ModelDescriptor): boolean {
  return model.apiType === 'openai' && model.provider === 'openai' && model.reasoningSupported === true;
}

export interface OpenAIReasoningFields {
  /** Body fields to add: `reasoning_effort` and `verbosity`, or OpenRouter's `reasoning`. */
  readonly fields: Record<string, unknown>;
  /**
   * PR23: false when OpenAI refuses sampling settings (temperature, top_p, penalties) at the
   * model's effort: every effort but `none` (RC6).
   */
  readonly sampling: boolean;
}

/**
 * PR23 OpenAI Chat Completions: `reasoning_effort` (the nearest level the model accepts) and, for the
 * GPT-5 family, `verbosity`. Custom OpenAI-compatible servers that reason get `reasoning_effort`.
 * PR26 OpenRouter: `reasoning: { effort }`, else `reasoning: { max_tokens }` (one of the two, as
 * OpenRouter requires; a budget of 0 is `effort: "none"`).
 */
export function openAIReasoningFields(model: ModelDescriptor, settings: ChatSettings): OpenAIReasoningFields {
  const fields: Record<string, unknown> = {};
  const effort = effortFor(model, settings);
  if (model.provider === 'openrouter') {
    const budget = budgetFor(model, settings);
    if (effort !== undefined) fields.reasoning = { effort };
    else if (budget !== undefined)
      fields.reasoning = budget === 0 ? { effort: 'none' } : { max_tokens: budget };
    return { fields, sampling: true };
  }
  if (effort !== undefined) fields.reasoning_effort = effort;
  if (settings.verbosity !== undefined && reasoningControlsOf(model).verbosity) {
    fields.verbosity = settings.verbosity;
  }
  return { fields, sampling: samplingLeftOut(model, settings).length === 0 };
}

export interface AnthropicThinking {
  /** `max_tokens`: the answer's room plus the budget, within the model's output limit. */
  readonly maxTokens: number;
  /** `budget_tokens`, or undefined when thinking is not sent. */
  readonly budget: number | undefined;
}

/**
 * PR24 Anthropic extended thinking: `thinking: { type: "enabled", budget_tokens }` with a budget of at
 * least 1024 and below `max_tokens`. Max tokens is the answer's room (the setting, else 4096) and the
 * budget comes on top of it, so `max_tokens` is their sum, at most the model's output limit; a budget
 * that would not fit under the limit is lowered to leave one token, and one below 1024 then is not
 * sent. A budget of 0 sends no thinking.
 */
export function anthropicThinking(
  model: ModelDescriptor,
  settings: ChatSettings,
  answerTokens: number,
): AnthropicThinking {
  const limit = model.maxTokensCap ?? model.maxOutputTokens;
  const cap = (tokens: number) => (limit === undefined ? tokens : Math.min(tokens, limit));
  const wanted = budgetFor(model, settings);
  if (wanted === undefined || wanted === 0) return { maxTokens: cap(answerTokens), budget: undefined };
  const maxTokens = cap(answerTokens + wanted);
  const budget = Math.min(wanted, maxTokens - 1);
  if (budget < ANTHROPIC_MIN_THINKING_BUDGET) return { maxTokens: cap(answerTokens), budget: undefined };
  return { maxTokens, budget };
}

/**
 * PR25 Gemini `generationConfig.thinkingConfig`: Gemini 3 models `{ thinkingLevel }` (the nearest
 * level the model accepts), 2.5 models `{ thinkingBudget }` (within the model's range; 0 turns it off
 * where it can). Never both: Gemini refuses a request that sets both.
 */
export function geminiThinkingConfig(
  model: ModelDescriptor,
  settings: ChatSettings,
): Record<string, unknown> | undefined {
  const effort = effortFor(model, settings);
  if (effort !== undefined) return { thinkingLevel: effort };
  const budget = budgetFor(model, settings);
  return budget === undefined ? undefined : { thinkingBudget: budget };
}
