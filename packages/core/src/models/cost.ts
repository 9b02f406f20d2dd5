import { findModel } from './catalogue';
import type { ModelDescriptor } from './model-descriptor';

/** Token counts of one call; `costUSD` is set when the provider reports the cost itself (OpenRouter). */
export interface UsageForCost {
  promptTokens: number;
  completionTokens: number;
  costUSD?: number | undefined;
}

/**
 * Cost in USD of one call (TK3, TK4): a cost reported by the provider wins; otherwise tokens times
 * the model's per-1000-token prices. An unknown model, or one without prices, costs zero.
 */
export function costOfUsage(
  modelId: string,
  usage: UsageForCost,
  customModels: readonly ModelDescriptor[] = [],
): number {
  if (typeof usage.costUSD === 'number' && Number.isFinite(usage.costUSD)) return usage.costUSD;
  const pricing = findModel(modelId, customModels)?.pricing;
  if (!pricing) return 0;
  return (usage.promptTokens / 1000) * pricing.prompt + (usage.completionTokens / 1000) * pricing.completion;
}
