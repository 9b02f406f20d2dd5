import type { TokenUsage } from './chat-event';
import { isRecord, numberField, recordField } from './json-guards';

/** xAI reports its own cost in ticks of 1e-10 USD (ST23). */
const USD_PER_XAI_TICK = 1e-10;

/**
 * An OpenAI-family `usage` object → TokenUsage (SPEC.md ST14, ST23); undefined when it holds no
 * token counts.
 */
export function openAIUsage(usage: unknown): TokenUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const prompt = numberField(usage.prompt_tokens) ?? 0;
  let completion = numberField(usage.completion_tokens);
  if (numberField(usage.prompt_tokens) === undefined && completion === undefined) return undefined;
  completion ??= 0;
  const reasoningTokens = numberField(recordField(usage.completion_tokens_details)?.reasoning_tokens);
  const total = numberField(usage.total_tokens) ?? prompt + completion;
  // ST23: xAI leaves reasoning out of completion_tokens (prompt + completion + reasoning = total);
  // reasoning is billed as output, so it is counted there as everywhere else.
  if (reasoningTokens && prompt + completion < total && prompt + completion + reasoningTokens === total) {
    completion += reasoningTokens;
  }
  // ST14: OpenRouter reports the cost of the call itself; ST23: xAI in ticks.
  const ticks = numberField(usage.cost_in_usd_ticks);
  const cost = numberField(usage.cost) ?? (ticks !== undefined ? ticks * USD_PER_XAI_TICK : undefined);
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: total,
    ...(reasoningTokens ? { reasoningTokens } : {}),
    ...(cost !== undefined ? { costUSD: cost } : {}),
  };
}
