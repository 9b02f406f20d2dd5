import type { ModelDescriptor } from './model-descriptor';
import type { SamplingSettingKey } from './setting-ranges';

/**
 * Reasoning controls (RC1-RC3, decision 0071): which of a model's reasoning settings the app shows and
 * sends, and the values each accepts. Whether a model reasons at all is its `reasoningSupported` flag
 * (from the live model list, else OpenRouter's list, else the catalogue: MD1); what kind of control it
 * takes follows from its wire format and provider, and the values from its family, as each provider's
 * documentation lists them.
 */

/** Every effort level any provider names, lowest first (OpenAI and OpenRouter spell them so). */
export const reasoningEfforts = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export type ReasoningEffort = (typeof reasoningEfforts)[number];

/** OpenAI GPT-5 family `verbosity`. */
export const verbosityLevels = ['low', 'medium', 'high'] as const;
export type Verbosity = (typeof verbosityLevels)[number];

/** A thinking budget's range in tokens; `canTurnOff`: a budget of 0 turns thinking off. */
export interface ThinkingBudgetRange {
  readonly min: number;
  readonly max: number;
  readonly canTurnOff: boolean;
}

export interface ReasoningControls {
  /**
   * The efforts the model accepts, lowest first (OpenAI `reasoning_effort`, OpenRouter
   * `reasoning.effort`, Gemini 3 `thinkingLevel`); empty when it takes none.
   */
  readonly efforts: readonly ReasoningEffort[];
  /** Anthropic `budget_tokens`, Gemini 2.5 `thinkingBudget`, OpenRouter `reasoning.max_tokens`. */
  readonly budget?: ThinkingBudgetRange | undefined;
  /** OpenAI GPT-5 family `verbosity`. */
  readonly verbosity: boolean;
}

export const NO_REASONING_CONTROLS: ReasoningControls = { efforts: [], verbosity: false };

/** Anthropic: `budget_tokens` >= 1024 (its documented floor). */
export const ANTHROPIC_MIN_THINKING_BUDGET = 1024;
/** The output limit assumed for a budget's top when no source knows the model's. */
const UNKNOWN_OUTPUT_LIMIT = 32_000;

const ALL_EFFORTS = reasoningEfforts;
const GPT5_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
const GPT51_EFFORTS = ['none', 'low', 'medium', 'high'] as const;
const LATEST_GPT_EFFORTS = ['none', 'low', 'medium', 'high', 'xhigh'] as const;
const O_SERIES_EFFORTS = ['low', 'medium', 'high'] as const;

/** The model's own name: lower case, without a vendor prefix (`openai/`) or Gemini's `models/`. */
function familyName(model: ModelDescriptor): string {
  return model.modelID
    .toLowerCase()
    .replace(/^models\//, '')
    .replace(/^[^/]*\//, '');
}

/**
 * RC2 OpenAI (Chat Completions `reasoning_effort`): `gpt-5-pro` only `high`; GPT-5.2 and later
 * `none`…`xhigh`; GPT-5.1 `none`, `low`, `medium`, `high`; GPT-5 (and mini, nano) `minimal`…`high`;
 * the o-series `low`, `medium`, `high`. `verbosity` for the GPT-5 family and later.
 */
function openAIControls(name: string): ReasoningControls {
  const gpt = /^gpt-(\d+)(?:\.(\d+))?/.exec(name);
  if (!gpt) return { efforts: O_SERIES_EFFORTS, verbosity: false };
  const major = Number(gpt[1]);
  const minor = gpt[2] === undefined ? 0 : Number(gpt[2]);
  const verbosity = major >= 5;
  if (/^gpt-5-pro/.test(name)) return { efforts: ['high'], verbosity };
  if (major > 5 || (major === 5 && minor >= 2)) return { efforts: LATEST_GPT_EFFORTS, verbosity };
  if (major === 5 && minor === 1) return { efforts: GPT51_EFFORTS, verbosity };
  if (major === 5) return { efforts: GPT5_EFFORTS, verbosity };
  return { efforts: O_SERIES_EFFORTS, verbosity: false };
}

/**
 * RC2/RC3 Gemini: Gemini 3 and later take a `thinkingLevel` (Pro: `low`, `high`; Flash: `minimal`,
 * `low`, `medium`, `high`); 2.5 models a `thinkingBudget` (Pro 128–32,768 and never off; Flash-Lite
 * 512–24,576; Flash 1–24,576; both turn off with 0).
 */
function geminiControls(name: string): ReasoningControls {
  const version = /^gemini-(\d+)/.exec(name);
  if (version && Number(version[1]) >= 3) {
    const efforts = name.includes('flash')
      ? (['minimal', 'low', 'medium', 'high'] as const)
      : (['low', 'high'] as const);
    return { efforts, verbosity: false };
  }
  if (name.includes('flash-lite')) {
    return { efforts: [], budget: { min: 512, max: 24_576, canTurnOff: true }, verbosity: false };
  }
  if (name.includes('pro')) {
    return { efforts: [], budget: { min: 128, max: 32_768, canTurnOff: false }, verbosity: false };
  }
  return { efforts: [], budget: { min: 1, max: 24_576, canTurnOff: true }, verbosity: false };
}

/** The largest budget that leaves room for an answer under the model's output limit. */
function budgetUnderOutputLimit(model: ModelDescriptor): ThinkingBudgetRange {
  const limit = model.maxOutputTokens ?? UNKNOWN_OUTPUT_LIMIT;
  return {
    min: ANTHROPIC_MIN_THINKING_BUDGET,
    max: Math.max(ANTHROPIC_MIN_THINKING_BUDGET, limit - 1),
    canTurnOff: true,
  };
}

/**
 * RC1: the reasoning controls a model takes; none unless it reasons (`reasoningSupported`). Anthropic
 * (and Anthropic-format custom models): a thinking budget. OpenRouter: an effort (every level) or a
 * budget. Custom OpenAI-compatible servers: `reasoning_effort` at every level. Setapp: none.
 */
export function reasoningControlsOf(model: ModelDescriptor): ReasoningControls {
  if (model.reasoningSupported !== true) return NO_REASONING_CONTROLS;
  const name = familyName(model);
  switch (model.apiType) {
    case 'claude':
      return { efforts: [], budget: budgetUnderOutputLimit(model), verbosity: false };
    case 'gemini':
      return geminiControls(name);
    case 'setapp':
      return NO_REASONING_CONTROLS;
    case 'openai':
      if (model.provider === 'openrouter') {
        return { efforts: ALL_EFFORTS, budget: budgetUnderOutputLimit(model), verbosity: false };
      }
      if (model.provider === 'openai') return openAIControls(name);
      return { efforts: ALL_EFFORTS, verbosity: false };
  }
}

/** True when the model shows at least one reasoning control. */
export function hasReasoningControls(controls: ReasoningControls): boolean {
  return controls.efforts.length > 0 || controls.budget !== undefined || controls.verbosity;
}

/**
 * RC2: the effort sent for the one the user chose: itself when the model accepts it, else the
 * nearest level it accepts (a tie goes to the higher one); undefined when it accepts none.
 */
export function nearestEffort(
  wanted: ReasoningEffort,
  accepted: readonly ReasoningEffort[],
): ReasoningEffort | undefined {
  const at = reasoningEfforts.indexOf(wanted);
  let best: ReasoningEffort | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const effort of accepted) {
    const distance = Math.abs(reasoningEfforts.indexOf(effort) - at);
    const higher = reasoningEfforts.indexOf(effort) > at;
    if (distance < bestDistance || (distance === bestDistance && higher)) {
      best = effort;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * RC3: the budget sent for the one the user chose: 0 stays 0 (off) where the model can turn thinking
 * off; anything else is brought into the model's range.
 */
export function budgetWithin(wanted: number, range: ThinkingBudgetRange): number {
  if (wanted <= 0 && range.canTurnOff) return 0;
  return Math.min(range.max, Math.max(range.min, Math.round(wanted)));
}

/** The reasoning choice that decides which sampling settings a request may carry. */
export interface ReasoningChoice {
  readonly reasoningEffort?: ReasoningEffort | undefined;
  readonly thinkingBudget?: number | undefined;
}

const OPENAI_SAMPLING: readonly SamplingSettingKey[] = [
  'temperature',
  'topP',
  'presencePenalty',
  'frequencyPenalty',
];

/**
 * RC6: the sampling settings a request leaves out because the model reasons. OpenAI's reasoning
 * models refuse temperature, top P and penalties unless their effort is `none`: the one sent, else
 * the model's own default, which is `none` only for models that accept it (GPT-5.1 and later; PR23).
 * Anthropic with a thinking budget takes no temperature and no top K (PR24).
 */
export function samplingLeftOut(
  model: ModelDescriptor,
  choice: ReasoningChoice,
): readonly SamplingSettingKey[] {
  const controls = reasoningControlsOf(model);
  if (model.apiType === 'openai' && model.provider === 'openai' && controls.efforts.length > 0) {
    const sent =
      choice.reasoningEffort === undefined
        ? undefined
        : nearestEffort(choice.reasoningEffort, controls.efforts);
    const effective = sent ?? (controls.efforts.includes('none') ? 'none' : 'medium');
    return effective === 'none' ? [] : OPENAI_SAMPLING;
  }
  if (model.apiType === 'claude' && controls.budget && choice.thinkingBudget !== undefined) {
    return budgetWithin(choice.thinkingBudget, controls.budget) > 0 ? ['temperature', 'topK'] : [];
  }
  return [];
}
