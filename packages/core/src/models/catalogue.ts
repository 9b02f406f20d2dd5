import type { ModelDescriptor } from './model-descriptor';

/**
 * The built-in models (spec section 9). Prices are USD per 1000 tokens: the spec's, which are the
 * providers' list prices, except claude-3-haiku's slipped decimal (decision 0028); the others are
 * the providers' public prices.
 */

export const defaultModelId = 'gpt-4-turbo';

const OPENAI_CHEAP = 'gpt-4o-mini';
const ANTHROPIC_CHEAP = 'claude-3-haiku';
const GEMINI_CHEAP = 'gemini-1.5-flash';
const OPENROUTER_CHEAP = 'openai/gpt-4o-mini';

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

export const modelCatalogue: readonly ModelDescriptor[] = [
  openai({
    id: 'gpt-4-turbo',
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
    new: true,
  }),
  openai({
    id: 'gpt-4o-mini',
    title: 'GPT-4o mini',
    contextLength: 128000,
    pricing: { prompt: 0.00015, completion: 0.0006 },
    ...toolsAndVision,
    userIdentitySupported: true,
    new: true,
  }),
  openai({
    id: 'gpt-4',
    title: 'GPT-4',
    contextLength: 8192,
    pricing: { prompt: 0.03, completion: 0.06 },
    ...tools,
    userIdentitySupported: true,
  }),
  openai({
    id: 'gpt-4-32k',
    title: 'GPT-4 32K',
    contextLength: 32000,
    pricing: { prompt: 0.06, completion: 0.12 },
    ...tools,
    old: true,
  }),
  openai({
    id: 'gpt-3.5-turbo',
    title: 'GPT-3.5 Turbo',
    contextLength: 16000,
    pricing: { prompt: 0.0005, completion: 0.0015 },
    ...tools,
    userIdentitySupported: true,
  }),
  openai({
    id: 'gpt-4-vision-preview',
    title: 'GPT-4 Vision (preview)',
    contextLength: 128000,
    pricing: { prompt: 0.01, completion: 0.03 },
    visionSupported: true,
    maxTokensCap: 1000,
    old: true,
  }),
  claude({
    id: 'claude-3-opus',
    modelID: 'claude-3-opus-20240229',
    title: 'Claude 3 Opus',
    contextLength: 200000,
    pricing: { prompt: 0.015, completion: 0.075 },
    ...toolsAndVision,
  }),
  claude({
    id: 'claude-3-5-sonnet',
    modelID: 'claude-3-5-sonnet-20240620',
    title: 'Claude 3.5 Sonnet',
    contextLength: 200000,
    pricing: { prompt: 0.003, completion: 0.015 },
    ...toolsAndVision,
    new: true,
  }),
  claude({
    id: 'claude-3-sonnet',
    modelID: 'claude-3-sonnet-20240229',
    title: 'Claude 3 Sonnet',
    contextLength: 200000,
    pricing: { prompt: 0.003, completion: 0.015 },
    ...toolsAndVision,
  }),
  claude({
    id: 'claude-3-haiku',
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
    modelID: 'claude-2.1',
    title: 'Claude 2.1',
    contextLength: 200000,
    pricing: { prompt: 0.008, completion: 0.024 },
    old: true,
  }),
  claude({
    id: 'claude-2',
    modelID: 'claude-2.0',
    title: 'Claude 2',
    contextLength: 100000,
    pricing: { prompt: 0.008, completion: 0.024 },
    old: true,
  }),
  gemini({
    id: 'gemini-1.5-pro',
    title: 'Gemini 1.5 Pro',
    contextLength: 1048576,
    pricing: { prompt: 0.00125, completion: 0.005 },
    ...toolsAndVision,
  }),
  gemini({
    id: 'gemini-1.5-flash',
    title: 'Gemini 1.5 Flash',
    contextLength: 1048576,
    pricing: { prompt: 0.000075, completion: 0.0003 },
    ...toolsAndVision,
    new: true,
  }),
  gemini({
    id: 'gemini-1.0-pro',
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
    title: 'Claude 3.5 Sonnet (OpenRouter)',
    contextLength: 200000,
    pricing: { prompt: 0.003, completion: 0.015 },
    ...toolsAndVision,
  }),
];

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
