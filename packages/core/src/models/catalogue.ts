import type { ModelDescriptor } from './model-descriptor';

/**
 * The built-in models: the fallback when no live model list is at hand (decision 0032). Prices are
 * USD per 1000 tokens, the providers' public list prices (standard tier, prompts up to 200K
 * tokens where a provider charges more above that).
 *
 * The spec's section 9 models stay, marked retired: old chats and the legacy id migrations name
 * them, and their prices still cost old usage; the picker offers them only when a provider's live
 * list still does. claude-3-haiku's price corrects the spec's slipped decimal (decision 0028).
 */

/**
 * New chats' model when the user has chosen none (current in late 2026; the spec's was gpt-4-turbo;
 * decision 0032). Here rather than in entities, which read models, so that models reads no entity.
 */
export const NEW_CHAT_MODEL_ID = 'gpt-5.1';
export const defaultModelId = NEW_CHAT_MODEL_ID;

// Title requests send temperature and max_tokens, which OpenAI's reasoning models refuse: the
// cheap fallbacks are models that accept both.
const OPENAI_CHEAP = 'gpt-4.1-mini';
const ANTHROPIC_CHEAP = 'claude-haiku-4-5';
const GEMINI_CHEAP = 'gemini-2.5-flash-lite';
const OPENROUTER_CHEAP = 'openai/gpt-4.1-mini';

/** The cheap model of each provider, also given to live models the catalogue does not know. */
export const cheapModelIds = {
  openai: OPENAI_CHEAP,
  anthropic: ANTHROPIC_CHEAP,
  gemini: GEMINI_CHEAP,
  openrouter: OPENROUTER_CHEAP,
} as const;

function openai(
  model: Omit<ModelDescriptor, 'apiType' | 'provider' | 'source' | 'modelID'>,
): ModelDescriptor {
  return {
    source: 'built-in',
    apiType: 'openai',
    provider: 'openai',
    modelID: model.id,
    fastCheapFallback: OPENAI_CHEAP,
    ...model,
  };
}

function claude(model: Omit<ModelDescriptor, 'apiType' | 'provider' | 'source'>): ModelDescriptor {
  return {
    source: 'built-in',
    apiType: 'claude',
    provider: 'anthropic',
    fastCheapFallback: ANTHROPIC_CHEAP,
    ...model,
  };
}

function gemini(
  model: Omit<ModelDescriptor, 'apiType' | 'provider' | 'source' | 'modelID'>,
): ModelDescriptor {
  return {
    source: 'built-in',
    apiType: 'gemini',
    provider: 'gemini',
    modelID: model.id,
    fastCheapFallback: GEMINI_CHEAP,
    ...model,
  };
}

function openrouter(
  model: Omit<ModelDescriptor, 'apiType' | 'provider' | 'source' | 'modelID'>,
): ModelDescriptor {
  return {
    source: 'built-in',
    apiType: 'openai',
    provider: 'openrouter',
    modelID: model.id,
    fastCheapFallback: OPENROUTER_CHEAP,
    ...model,
  };
}

const tools = { pluginSupported: true } as const;
const toolsAndVision = { pluginSupported: true, visionSupported: true } as const;
const retired = { retired: true } as const;
/** RC1: the model takes reasoning controls; the limit is its output limit in tokens. */
const reasoning = (maxOutputTokens: number) => ({ reasoningSupported: true, maxOutputTokens }) as const;
const outputLimit = (maxOutputTokens: number) => ({ maxOutputTokens }) as const;

/** Per million tokens, as the providers' price pages write them, to per 1000. */
function perMillion(prompt: number, completion: number) {
  return { prompt: prompt / 1000, completion: completion / 1000 };
}

const currentModels: readonly ModelDescriptor[] = [
  openai({
    id: 'gpt-5.2',
    title: 'GPT-5.2',
    contextLength: 400000,
    pricing: perMillion(1.75, 14),
    ...toolsAndVision,
    new: true,
    ...reasoning(128_000),
  }),
  openai({
    id: 'gpt-5.1',
    title: 'GPT-5.1',
    contextLength: 400000,
    pricing: perMillion(1.25, 10),
    ...toolsAndVision,
    ...reasoning(128_000),
  }),
  openai({
    id: 'gpt-5',
    title: 'GPT-5',
    contextLength: 400000,
    pricing: perMillion(1.25, 10),
    ...toolsAndVision,
    ...reasoning(128_000),
  }),
  openai({
    id: 'gpt-5-mini',
    title: 'GPT-5 mini',
    contextLength: 400000,
    pricing: perMillion(0.25, 2),
    ...toolsAndVision,
    ...reasoning(128_000),
  }),
  openai({
    id: 'gpt-5-nano',
    title: 'GPT-5 nano',
    contextLength: 400000,
    pricing: perMillion(0.05, 0.4),
    ...toolsAndVision,
    ...reasoning(128_000),
  }),
  openai({
    id: 'gpt-4.1',
    title: 'GPT-4.1',
    contextLength: 1047576,
    pricing: perMillion(2, 8),
    ...toolsAndVision,
    userIdentitySupported: true,
    ...outputLimit(32_768),
  }),
  openai({
    id: 'gpt-4.1-mini',
    title: 'GPT-4.1 mini',
    contextLength: 1047576,
    pricing: perMillion(0.4, 1.6),
    ...toolsAndVision,
    userIdentitySupported: true,
    ...outputLimit(32_768),
  }),
  openai({
    id: 'o3',
    title: 'o3',
    contextLength: 200000,
    pricing: perMillion(2, 8),
    ...toolsAndVision,
    ...reasoning(100_000),
  }),
  openai({
    id: 'o4-mini',
    title: 'o4-mini',
    contextLength: 200000,
    pricing: perMillion(1.1, 4.4),
    ...toolsAndVision,
    ...reasoning(100_000),
  }),
  claude({
    id: 'claude-opus-4-5',
    modelID: 'claude-opus-4-5-20251101',
    title: 'Claude Opus 4.5',
    contextLength: 200000,
    pricing: perMillion(5, 25),
    ...toolsAndVision,
    new: true,
    ...reasoning(64_000),
  }),
  claude({
    id: 'claude-sonnet-4-5',
    modelID: 'claude-sonnet-4-5-20250929',
    title: 'Claude Sonnet 4.5',
    contextLength: 200000,
    pricing: perMillion(3, 15),
    ...toolsAndVision,
    ...reasoning(64_000),
  }),
  claude({
    id: 'claude-haiku-4-5',
    modelID: 'claude-haiku-4-5-20251001',
    title: 'Claude Haiku 4.5',
    contextLength: 200000,
    pricing: perMillion(1, 5),
    ...toolsAndVision,
    ...reasoning(64_000),
  }),
  claude({
    id: 'claude-opus-4-1',
    modelID: 'claude-opus-4-1-20250805',
    title: 'Claude Opus 4.1',
    contextLength: 200000,
    pricing: perMillion(15, 75),
    ...toolsAndVision,
    ...reasoning(32_000),
  }),
  claude({
    id: 'claude-sonnet-4',
    modelID: 'claude-sonnet-4-20250514',
    title: 'Claude Sonnet 4',
    contextLength: 200000,
    pricing: perMillion(3, 15),
    ...toolsAndVision,
    ...reasoning(64_000),
  }),
  gemini({
    id: 'gemini-3-pro-preview',
    title: 'Gemini 3 Pro (preview)',
    contextLength: 1048576,
    pricing: perMillion(2, 12),
    ...toolsAndVision,
    new: true,
    ...reasoning(65_536),
  }),
  gemini({
    id: 'gemini-3-flash-preview',
    title: 'Gemini 3 Flash (preview)',
    contextLength: 1048576,
    pricing: perMillion(0.5, 3),
    ...toolsAndVision,
    new: true,
    ...reasoning(65_536),
  }),
  gemini({
    id: 'gemini-2.5-pro',
    title: 'Gemini 2.5 Pro',
    contextLength: 1048576,
    pricing: perMillion(1.25, 10),
    ...toolsAndVision,
    ...reasoning(65_536),
  }),
  gemini({
    id: 'gemini-2.5-flash',
    title: 'Gemini 2.5 Flash',
    contextLength: 1048576,
    pricing: perMillion(0.3, 2.5),
    ...toolsAndVision,
    ...reasoning(65_536),
  }),
  gemini({
    id: 'gemini-2.5-flash-lite',
    title: 'Gemini 2.5 Flash-Lite',
    contextLength: 1048576,
    pricing: perMillion(0.1, 0.4),
    ...toolsAndVision,
    ...reasoning(65_536),
  }),
  openrouter({
    id: 'openai/gpt-5.1',
    title: 'GPT-5.1 (OpenRouter)',
    contextLength: 400000,
    pricing: perMillion(1.25, 10),
    ...toolsAndVision,
    ...reasoning(128_000),
  }),
  openrouter({
    id: 'anthropic/claude-sonnet-4.5',
    title: 'Claude Sonnet 4.5 (OpenRouter)',
    contextLength: 1000000,
    pricing: perMillion(3, 15),
    ...toolsAndVision,
    ...reasoning(64_000),
  }),
  openrouter({
    id: 'google/gemini-2.5-flash',
    title: 'Gemini 2.5 Flash (OpenRouter)',
    contextLength: 1048576,
    pricing: perMillion(0.3, 2.5),
    ...toolsAndVision,
    ...reasoning(65_535),
  }),
  openrouter({
    id: 'openai/gpt-4.1-mini',
    title: 'GPT-4.1 mini (OpenRouter)',
    contextLength: 1047576,
    pricing: perMillion(0.4, 1.6),
    ...toolsAndVision,
    ...outputLimit(32_768),
  }),
];

/** Spec section 9's models: kept for old chats, the legacy id migrations and the cost of old usage. */
const specModels: readonly ModelDescriptor[] = [
  openai({
    id: 'gpt-4-turbo',
    ...retired,
    title: 'GPT-4 Turbo',
    contextLength: 128000,
    pricing: { prompt: 0.01, completion: 0.03 },
    ...toolsAndVision,
    userIdentitySupported: true,
  }),
  openai({
    id: 'gpt-4o',
    title: 'GPT-4o',
    contextLength: 128000,
    pricing: { prompt: 0.0025, completion: 0.01 },
    ...toolsAndVision,
    userIdentitySupported: true,
    ...outputLimit(16_384),
  }),
  openai({
    id: 'gpt-4o-mini',
    title: 'GPT-4o mini',
    contextLength: 128000,
    pricing: { prompt: 0.00015, completion: 0.0006 },
    ...toolsAndVision,
    userIdentitySupported: true,
    ...outputLimit(16_384),
  }),
  openai({
    id: 'gpt-4',
    ...retired,
    title: 'GPT-4',
    contextLength: 8192,
    pricing: { prompt: 0.03, completion: 0.06 },
    ...tools,
    userIdentitySupported: true,
  }),
  openai({
    id: 'gpt-4-32k',
    ...retired,
    title: 'GPT-4 32K',
    contextLength: 32000,
    pricing: { prompt: 0.06, completion: 0.12 },
    ...tools,
    old: true,
  }),
  openai({
    id: 'gpt-3.5-turbo',
    ...retired,
    title: 'GPT-3.5 Turbo',
    contextLength: 16000,
    pricing: { prompt: 0.0005, completion: 0.0015 },
    ...tools,
    userIdentitySupported: true,
  }),
  openai({
    id: 'gpt-4-vision-preview',
    ...retired,
    title: 'GPT-4 Vision (preview)',
    contextLength: 128000,
    pricing: { prompt: 0.01, completion: 0.03 },
    visionSupported: true,
    maxTokensCap: 1000,
    old: true,
  }),
  claude({
    id: 'claude-3-opus',
    ...retired,
    modelID: 'claude-3-opus-20240229',
    title: 'Claude 3 Opus',
    contextLength: 200000,
    pricing: { prompt: 0.015, completion: 0.075 },
    ...toolsAndVision,
  }),
  claude({
    id: 'claude-3-5-sonnet',
    ...retired,
    modelID: 'claude-3-5-sonnet-20240620',
    title: 'Claude 3.5 Sonnet',
    contextLength: 200000,
    pricing: { prompt: 0.003, completion: 0.015 },
    ...toolsAndVision,
  }),
  claude({
    id: 'claude-3-sonnet',
    ...retired,
    modelID: 'claude-3-sonnet-20240229',
    title: 'Claude 3 Sonnet',
    contextLength: 200000,
    pricing: { prompt: 0.003, completion: 0.015 },
    ...toolsAndVision,
  }),
  claude({
    id: 'claude-3-haiku',
    ...retired,
    modelID: 'claude-3-haiku-20240307',
    title: 'Claude 3 Haiku',
    contextLength: 200000,
    // Anthropic's list price, $0.25 / $1.25 per million tokens. The product spec's 0.0025 for the
    // prompt is a slipped decimal: it made input dearer than output (decision 0028).
    pricing: { prompt: 0.00025, completion: 0.00125 },
    ...toolsAndVision,
  }),
  claude({
    id: 'claude-2.1',
    ...retired,
    modelID: 'claude-2.1',
    title: 'Claude 2.1',
    contextLength: 200000,
    pricing: { prompt: 0.008, completion: 0.024 },
    old: true,
  }),
  claude({
    id: 'claude-2',
    ...retired,
    modelID: 'claude-2.0',
    title: 'Claude 2',
    contextLength: 100000,
    pricing: { prompt: 0.008, completion: 0.024 },
    old: true,
  }),
  gemini({
    id: 'gemini-1.5-pro',
    ...retired,
    title: 'Gemini 1.5 Pro',
    contextLength: 1048576,
    pricing: { prompt: 0.00125, completion: 0.005 },
    ...toolsAndVision,
  }),
  gemini({
    id: 'gemini-1.5-flash',
    ...retired,
    title: 'Gemini 1.5 Flash',
    contextLength: 1048576,
    pricing: { prompt: 0.000075, completion: 0.0003 },
    ...toolsAndVision,
  }),
  gemini({
    id: 'gemini-1.0-pro',
    ...retired,
    title: 'Gemini 1.0 Pro',
    contextLength: 30720,
    pricing: { prompt: 0.0005, completion: 0.0015 },
    ...tools,
    old: true,
  }),
  openrouter({
    id: 'openai/gpt-4o-mini',
    title: 'GPT-4o mini (OpenRouter)',
    contextLength: 128000,
    pricing: { prompt: 0.00015, completion: 0.0006 },
    ...toolsAndVision,
  }),
  openrouter({
    id: 'anthropic/claude-3.5-sonnet',
    ...retired,
    title: 'Claude 3.5 Sonnet (OpenRouter)',
    contextLength: 200000,
    pricing: { prompt: 0.003, completion: 0.015 },
    ...toolsAndVision,
  }),
];

export const modelCatalogue: readonly ModelDescriptor[] = [...currentModels, ...specModels];

const catalogueById: ReadonlyMap<string, ModelDescriptor> = new Map(modelCatalogue.map((m) => [m.id, m]));

/** Looks a model up by app id: the catalogue first, then the user's custom models. */
export function findModel(
  id: string,
  customModels: readonly ModelDescriptor[] = [],
): ModelDescriptor | undefined {
  return catalogueById.get(id) ?? customModels.find((m) => m.id === id);
}

/** The model used for automatic titles: the descriptor's fast/cheap fallback, else the model itself. */
export function titleModelFor(
  model: ModelDescriptor,
  customModels: readonly ModelDescriptor[] = [],
): ModelDescriptor {
  const fallbackId = model.fastCheapFallback;
  return (fallbackId && findModel(fallbackId, customModels)) || model;
}
