// What each provider refuses in the reasoning and sampling fields of a chat request, in its own words, so a
// client that sends the wrong shape (a field of another provider, a budget out of range, two controls at once)
// gets the 400 it would get for real. Only fields a request carries are checked; a request without them passes.
import { isRecord } from './http-io';

type Json = Record<string, unknown>;

export interface OpenAIProblem {
  message: string;
  param: string | null;
  code: string | null;
}

const OPENAI_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'];
const VERBOSITY = ['low', 'medium', 'high'];
const GEMINI_LEVELS = ['minimal', 'low', 'medium', 'high'];

/** OpenAI's reasoning models: the o-series and the GPT-5 family (and later). */
function isOpenAIReasoningModel(model: string): boolean {
  return /^(o\d|gpt-([5-9]|\d{2,}))/.test(model);
}

function listed(values: readonly string[]): string {
  const quoted = values.map((v) => `'${v}'`);
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted[quoted.length - 1] ?? ''}`;
}

function unrecognized(field: string): OpenAIProblem {
  return { message: `Unrecognized request argument supplied: ${field}`, param: null, code: null };
}

/** OpenAI Chat Completions: `reasoning_effort` and `verbosity` are top-level strings; no other provider's fields. */
export function openaiRequestProblem(body: Json): OpenAIProblem | null {
  for (const field of ['reasoning', 'thinking', 'thinkingConfig']) {
    if (field in body) return unrecognized(field);
  }
  const effort = body.reasoning_effort;
  if (effort !== undefined && (typeof effort !== 'string' || !OPENAI_EFFORTS.includes(effort))) {
    return {
      message: `Invalid value: '${String(effort)}'. Supported values are: ${listed(OPENAI_EFFORTS)}.`,
      param: 'reasoning_effort',
      code: 'invalid_value',
    };
  }
  const verbosity = body.verbosity;
  if (verbosity !== undefined && (typeof verbosity !== 'string' || !VERBOSITY.includes(verbosity))) {
    return {
      message: `Invalid value: '${String(verbosity)}'. Supported values are: ${listed(VERBOSITY)}.`,
      param: 'verbosity',
      code: 'invalid_value',
    };
  }
  const model = typeof body.model === 'string' ? body.model : '';
  if (!isOpenAIReasoningModel(model)) return null;
  if (body.max_tokens !== undefined) {
    return {
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      param: 'max_tokens',
      code: 'unsupported_parameter',
    };
  }
  // Sampling settings only at effort none (GPT-5.1 and later default to none; older ones cannot).
  const defaultsToNone = /^gpt-(5\.\d|[6-9]|\d{2,})/.test(model);
  const atNone = effort === 'none' || (effort === undefined && defaultsToNone);
  if (!atNone && typeof body.temperature === 'number' && body.temperature !== 1) {
    return {
      message: `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
      param: 'temperature',
      code: 'unsupported_value',
    };
  }
  return null;
}

/** OpenRouter: one `reasoning` object with `effort` or `max_tokens`, never both. */
export function openrouterRequestProblem(body: Json): string | null {
  if ('thinking' in body) return 'thinking: unknown parameter; use "reasoning" to control reasoning tokens';
  const reasoning = body.reasoning;
  if (reasoning === undefined) return null;
  if (!isRecord(reasoning)) return 'reasoning: Expected object';
  if (reasoning.effort !== undefined && reasoning.max_tokens !== undefined) {
    return 'Only one of "reasoning.effort" and "reasoning.max_tokens" can be specified';
  }
  if (
    reasoning.effort !== undefined &&
    (typeof reasoning.effort !== 'string' || !OPENAI_EFFORTS.includes(reasoning.effort))
  ) {
    return `reasoning.effort: Invalid enum value. Expected ${OPENAI_EFFORTS.map((e) => `'${e}'`).join(' | ')}`;
  }
  const max = reasoning.max_tokens;
  if (max !== undefined && (typeof max !== 'number' || !Number.isInteger(max) || max < 0)) {
    return 'reasoning.max_tokens: Expected a non-negative integer';
  }
  return null;
}

const THINKING_DOCS = 'https://docs.claude.com/en/docs/build-with-claude/extended-thinking';

function startsWithThinking(message: Json | undefined): boolean {
  const first = Array.isArray(message?.content) ? (message.content[0] as unknown) : undefined;
  return isRecord(first) && (first.type === 'thinking' || first.type === 'redacted_thinking');
}

function hasToolResult(message: Json | undefined): boolean {
  return (
    Array.isArray(message?.content) &&
    message.content.some((block: unknown) => isRecord(block) && block.type === 'tool_result')
  );
}

/** Anthropic Messages: `thinking: {type: "enabled", budget_tokens}` and its rules; no other provider's fields. */
export function anthropicRequestProblem(body: Json): string | null {
  for (const field of [
    'reasoning_effort',
    'reasoning',
    'verbosity',
    'max_completion_tokens',
    'generationConfig',
  ]) {
    if (field in body) return `${field}: Extra inputs are not permitted`;
  }
  const thinking = body.thinking;
  if (thinking === undefined) return null;
  if (!isRecord(thinking))
    return 'thinking: Input should be a valid dictionary or object to extract fields from';
  if (thinking.type === 'disabled') return null;
  if (thinking.type !== 'enabled' && thinking.type !== 'adaptive') {
    return (
      "thinking: Input tag '" +
      String(thinking.type) +
      "' found using 'type' does not match any of the expected tags: 'enabled', 'disabled', 'adaptive'"
    );
  }
  if (thinking.type === 'enabled') {
    const budget = thinking.budget_tokens;
    if (typeof budget !== 'number' || !Number.isInteger(budget)) {
      return 'thinking.enabled.budget_tokens: Field required';
    }
    if (budget < 1024) return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
    if (typeof body.max_tokens === 'number' && budget >= body.max_tokens) {
      return `\`max_tokens\` must be greater than \`thinking.budget_tokens\`. Please consult our documentation at ${THINKING_DOCS}#max-tokens-and-context-window-size`;
    }
  }
  if (body.temperature !== undefined && body.temperature !== 1) {
    return `\`temperature\` may only be set to 1 when thinking is enabled or in interleaved thinking mode. Please consult our documentation at ${THINKING_DOCS}#feature-compatibility`;
  }
  if (body.top_k !== undefined) {
    return `\`top_k\` must be unset when thinking is enabled. Please consult our documentation at ${THINKING_DOCS}#feature-compatibility`;
  }
  if (typeof body.top_p === 'number' && body.top_p < 0.95) {
    return `\`top_p\` must be greater than or equal to 0.95 or unset when thinking is enabled. Please consult our documentation at ${THINKING_DOCS}#feature-compatibility`;
  }
  const messages = (Array.isArray(body.messages) ? body.messages : []).filter(isRecord);
  const last = messages[messages.length - 1];
  const before = messages[messages.length - 2];
  // A prefilled answer, or tool results after calls whose thinking block was not sent back.
  const unthought =
    last?.role === 'assistant'
      ? !startsWithThinking(last)
      : hasToolResult(last) && !startsWithThinking(before);
  if (unthought) {
    return 'messages: When thinking is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`.';
  }
  return null;
}

const GENERATION_CONFIG_FIELDS = new Set([
  'stopSequences',
  'responseMimeType',
  'responseSchema',
  'responseJsonSchema',
  'responseModalities',
  'candidateCount',
  'maxOutputTokens',
  'temperature',
  'topP',
  'topK',
  'seed',
  'presencePenalty',
  'frequencyPenalty',
  'responseLogprobs',
  'logprobs',
  'enableEnhancedCivicAnswers',
  'speechConfig',
  'thinkingConfig',
  'imageConfig',
  'mediaResolution',
]);

const REQUEST_FIELDS = new Set([
  'contents',
  'tools',
  'toolConfig',
  'safetySettings',
  'systemInstruction',
  'generationConfig',
  'cachedContent',
]);

function unknownName(name: string, at: string | null): string {
  return at
    ? `Invalid JSON payload received. Unknown name "${name}" at '${at}': Cannot find field.`
    : `Invalid JSON payload received. Unknown name "${name}": Cannot find field.`;
}

/** Gemini: unknown names are refused; `generationConfig.thinkingConfig` has a budget or a level, as the model takes. */
export function geminiRequestProblem(body: Json, model: string): string | null {
  for (const name of Object.keys(body)) {
    if (!REQUEST_FIELDS.has(name)) return unknownName(name, null);
  }
  const config = body.generationConfig;
  if (config === undefined) return null;
  if (!isRecord(config)) return "Invalid value at 'generation_config': expected an object";
  for (const name of Object.keys(config)) {
    if (!GENERATION_CONFIG_FIELDS.has(name)) return unknownName(name, 'generation_config');
  }
  const thinking = config.thinkingConfig;
  if (thinking === undefined) return null;
  if (!isRecord(thinking)) return "Invalid value at 'generation_config.thinking_config': expected an object";
  for (const name of Object.keys(thinking)) {
    if (!['thinkingBudget', 'thinkingLevel', 'includeThoughts'].includes(name)) {
      return unknownName(name, 'generation_config.thinking_config');
    }
  }
  const { thinkingBudget: budget, thinkingLevel: level } = thinking;
  if (budget !== undefined && level !== undefined) {
    return 'You can only set only one of thinking budget and thinking level.';
  }
  const gemini3 = /^gemini-([3-9]|\d{2,})/.test(model);
  if (level !== undefined) {
    if (typeof level !== 'string' || !GEMINI_LEVELS.includes(level.toLowerCase())) {
      return `Invalid value at 'generation_config.thinking_config.thinking_level' (type.googleapis.com/google.ai.generativelanguage.v1beta.GenerationConfig.ThinkingConfig.ThinkingLevel), "${String(level)}"`;
    }
    if (!gemini3) return 'Thinking level is not supported for this model.';
  }
  if (budget !== undefined) {
    if (typeof budget !== 'number' || !Number.isInteger(budget)) {
      return `Invalid value at 'generation_config.thinking_config.thinking_budget' (TYPE_INT32), ${JSON.stringify(budget)}`;
    }
    if (budget === 0 && /pro/.test(model))
      return 'Budget 0 is invalid. This model only works in thinking mode.';
  }
  return null;
}
