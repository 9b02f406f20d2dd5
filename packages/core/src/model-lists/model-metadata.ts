import {
  CUSTOM_MODEL_DEFAULT_CONTEXT_LENGTH,
  providerEntry,
  type ModelDescriptor,
  type ModelPricing,
  type ProviderId,
} from '../models';
import type { ModelListEntry } from './model-list-entry';

/**
 * MD1–MD4, the metadata precedence (decision 0032): for each field, the provider's own list where
 * it carries it; else OpenRouter's public list matched by id; else the bundled catalogue; else the
 * spec's defaults (context 2048; no price, which costs zero and reads "price unknown").
 */

/**
 * MD2: the key two providers' ids for one model share. `anthropic/claude-sonnet-4.5`,
 * `claude-sonnet-4-5-20250929` and `claude-sonnet-4-5` all become `claude-sonnet-4-5`; Gemini's
 * `models/` prefix, `-latest`, dated snapshots (`-2024-08-06`, `-20250929`) and OpenRouter's
 * variants (`:free`) are dropped.
 */
export function modelKey(id: string): string {
  return id
    .toLowerCase()
    .replace(/^models\//, '')
    .replace(/^[^/]*\//, '')
    .replace(/:[a-z0-9-]+$/, '')
    .replace(/-latest$/, '')
    .replace(/-(\d{4}-\d{2}-\d{2}|\d{8})$/, '')
    .replace(/\./g, '-');
}

export type OpenRouterIndex = ReadonlyMap<string, ModelListEntry>;

/** Indexes OpenRouter's list by key; an undated id wins over a dated snapshot of the same model. */
export function indexOpenRouter(entries: readonly ModelListEntry[]): OpenRouterIndex {
  const index = new Map<string, ModelListEntry>();
  for (const entry of entries) {
    const key = modelKey(entry.id);
    const current = index.get(key);
    const undated = !/-(\d{4}-\d{2}-\d{2}|\d{8})$/.test(entry.id) && !entry.id.includes(':');
    if (!current || undated) {
      if (current && !undated) continue;
      index.set(key, entry);
    }
  }
  return index;
}

export interface ResolvedMetadata {
  readonly contextLength: number;
  /** False when the context length is the default guess, not a fact from a list or the catalogue. */
  readonly contextKnown: boolean;
  /** USD per 1000 tokens (the descriptor's unit); undefined when no source knows the price. */
  readonly pricing?: ModelPricing | undefined;
  readonly vision?: boolean | undefined;
  readonly tools?: boolean | undefined;
  /** RC1: takes reasoning controls. */
  readonly reasoning?: boolean | undefined;
  readonly maxOutputTokens?: number | undefined;
}

function per1k(entry: ModelListEntry | undefined): ModelPricing | undefined {
  return entry?.pricing
    ? { prompt: entry.pricing.promptPerMillion / 1000, completion: entry.pricing.completionPerMillion / 1000 }
    : undefined;
}

/** MD1: field by field, the first source that knows it. */
export function resolveMetadata(
  entry: ModelListEntry,
  openRouter: OpenRouterIndex,
  catalogueMatch: ModelDescriptor | undefined,
): ResolvedMetadata {
  const fromRouter = entry.provider === 'openrouter' ? undefined : openRouter.get(modelKey(entry.id));
  // MD3: a model on the user's own server is not billed at OpenRouter's price.
  const routerPrice = entry.provider === 'custom' ? undefined : per1k(fromRouter);
  const context = entry.contextLength ?? fromRouter?.contextLength ?? catalogueMatch?.contextLength;
  return {
    contextLength: context ?? CUSTOM_MODEL_DEFAULT_CONTEXT_LENGTH,
    contextKnown: context !== undefined,
    pricing: per1k(entry) ?? routerPrice ?? catalogueMatch?.pricing,
    vision: entry.vision ?? fromRouter?.vision ?? catalogueMatch?.visionSupported,
    tools: entry.tools ?? fromRouter?.tools ?? catalogueMatch?.pluginSupported,
    reasoning: entry.reasoning ?? fromRouter?.reasoning ?? catalogueMatch?.reasoningSupported,
    maxOutputTokens: entry.maxOutputTokens ?? fromRouter?.maxOutputTokens ?? catalogueMatch?.maxOutputTokens,
  };
}

type CatalogueIndex = Map<
  string,
  { byId: Map<string, ModelDescriptor>; byKey: Map<string, ModelDescriptor> }
>;
/** Built once per catalogue array: a list of thousands of models is matched in one pass. */
const catalogueIndexes = new WeakMap<readonly ModelDescriptor[], CatalogueIndex>();

function indexCatalogue(catalogue: readonly ModelDescriptor[]): CatalogueIndex {
  let index = catalogueIndexes.get(catalogue);
  if (index) return index;
  index = new Map();
  for (const model of catalogue) {
    if (model.source === 'custom') continue;
    let forProvider = index.get(model.provider);
    if (!forProvider) index.set(model.provider, (forProvider = { byId: new Map(), byKey: new Map() }));
    for (const id of [model.modelID, model.id])
      if (!forProvider.byId.has(id)) forProvider.byId.set(id, model);
    const key = modelKey(model.modelID);
    if (!forProvider.byKey.has(key)) forProvider.byKey.set(key, model);
  }
  catalogueIndexes.set(catalogue, index);
  return index;
}

/** The catalogue entry a listed model is: same provider, and the same id, provider id or key. */
export function findCatalogueMatch(
  entry: Pick<ModelListEntry, 'id' | 'provider'>,
  catalogue: readonly ModelDescriptor[],
): ModelDescriptor | undefined {
  const forProvider = indexCatalogue(catalogue).get(entry.provider);
  return forProvider?.byId.get(entry.id) ?? forProvider?.byKey.get(modelKey(entry.id));
}

/**
 * A listed model as the picker and the chat use it. A model the catalogue knows keeps the
 * catalogue's app id (old chats and settings name it) with the list's facts on top.
 */
export function descriptorForEntry(
  entry: ModelListEntry,
  openRouter: OpenRouterIndex,
  catalogue: readonly ModelDescriptor[],
  cheapFallback?: Partial<Record<ProviderId, string>>,
): ModelDescriptor {
  const match = findCatalogueMatch(entry, catalogue);
  const meta = resolveMetadata(entry, openRouter, match);
  // OpenAI's list has ids only: OpenRouter's name for the model ("OpenAI: GPT-5.2 Pro") reads better.
  const routerName =
    entry.provider === 'openrouter'
      ? undefined
      : openRouter.get(modelKey(entry.id))?.name.replace(/^[^:]+:\s*/, '');
  const listName = entry.name && entry.name !== entry.id ? entry.name : undefined;
  const base: Omit<ModelDescriptor, 'contextLength'> = match
    ? { ...match, retired: undefined }
    : {
        id: entry.id,
        modelID: entry.id,
        title: entry.id,
        source: 'built-in',
        apiType: providerEntry(entry.provider).dialect,
        provider: entry.provider,
        fastCheapFallback: cheapFallback?.[entry.provider],
        userIdentitySupported: entry.provider === 'openai' ? true : undefined,
      };
  const descriptor: ModelDescriptor = {
    ...base,
    // The list's name where the catalogue has none better; Anthropic's display names are good.
    title: match?.title ?? listName ?? routerName ?? entry.id,
    contextLength: meta.contextLength,
    pricing: meta.pricing,
    visionSupported: meta.vision,
    pluginSupported: meta.tools,
    reasoningSupported: meta.reasoning,
    maxOutputTokens: meta.maxOutputTokens,
  };
  return stripUndefined(descriptor);
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
