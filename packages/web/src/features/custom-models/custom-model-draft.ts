import {
  CustomModelSchema,
  formatPricePer1M,
  type KeyValueRow,
  type ModelDescriptor,
  type ModelPricing,
} from '@parley/core/models';
import type { z } from 'zod';

/**
 * The custom-model form as the user fills it (every field text or a switch), and its one way into a
 * stored ModelDescriptor: through core's CustomModelSchema, so the form, sync and imports agree on
 * what a valid custom model is (defaults: title "Custom Model", context length 2048).
 */
/** A custom model as stored in the synced `customModels` setting. */
export type CustomModel = z.output<typeof CustomModelSchema>;

export const customModelApiTypes = ['openai', 'claude', 'gemini'] as const;
export type CustomModelApiType = (typeof customModelApiTypes)[number];

export type CustomModelDraft = {
  /** Set when editing an existing model; new models get an id on save. */
  id: string | null;
  title: string;
  modelID: string;
  endpoint: string;
  apiType: CustomModelApiType;
  contextLength: string;
  headerRows: KeyValueRow[];
  bodyRows: KeyValueRow[];
  visionSupported: boolean;
  pluginSupported: boolean;
  /** Takes reasoning controls (core RC1): `reasoning_effort`, thinking or `thinkingConfig` by its API type. */
  reasoningSupported: boolean;
  /** USD per million tokens as typed (the stored price is per 1,000; decision 0071). */
  promptPrice: string;
  completionPrice: string;
};

/** Why a field is refused; each code has its message under customModels.errors in en.json. */
export type CustomModelErrorCode =
  'required' | 'rowKeyRequired' | 'endpointInvalid' | 'contextLength' | 'price';

/** Field path ('modelID', 'headerRows.2.key') to the reason it is refused. */
export type CustomModelErrors = Record<string, CustomModelErrorCode>;

export type DraftResult = { ok: true; model: CustomModel } | { ok: false; errors: CustomModelErrors };

export function emptyCustomModelDraft(): CustomModelDraft {
  return {
    id: null,
    title: '',
    modelID: '',
    endpoint: '',
    apiType: 'openai',
    contextLength: '',
    headerRows: [],
    bodyRows: [],
    visionSupported: false,
    pluginSupported: false,
    reasoningSupported: false,
    promptPrice: '',
    completionPrice: '',
  };
}

export function draftFromModel(model: ModelDescriptor): CustomModelDraft {
  return {
    id: model.id,
    title: model.title,
    modelID: model.modelID,
    endpoint: model.endpoint ?? '',
    apiType: model.apiType === 'claude' || model.apiType === 'gemini' ? model.apiType : 'openai',
    contextLength: String(model.contextLength),
    headerRows: (model.headerRows ?? []).map((row) => ({ ...row })),
    bodyRows: (model.bodyRows ?? []).map((row) => ({ ...row })),
    visionSupported: model.visionSupported ?? false,
    pluginSupported: model.pluginSupported ?? false,
    reasoningSupported: model.reasoningSupported ?? false,
    promptPrice: model.pricing ? formatPricePer1M(model.pricing.prompt) : '',
    completionPrice: model.pricing ? formatPricePer1M(model.pricing.completion) : '',
  };
}

/**
 * The two typed prices (USD per 1M tokens) as the stored pricing (USD per 1K tokens): both empty is no
 * price; one empty counts as free; anything else must be a number of 0 or more. Undefined fields name
 * the ones refused.
 */
export function pricingFromDraft(
  draft: Pick<CustomModelDraft, 'promptPrice' | 'completionPrice'>,
):
  | { ok: true; pricing: ModelPricing | undefined }
  | { ok: false; fields: ('promptPrice' | 'completionPrice')[] } {
  const texts = { promptPrice: draft.promptPrice.trim(), completionPrice: draft.completionPrice.trim() };
  if (texts.promptPrice === '' && texts.completionPrice === '') return { ok: true, pricing: undefined };
  const perMillion = (text: string) => (text === '' ? 0 : Number(text.replace(',', '.')));
  const prompt = perMillion(texts.promptPrice);
  const completion = perMillion(texts.completionPrice);
  const bad = (['promptPrice', 'completionPrice'] as const).filter((field) => {
    const value = field === 'promptPrice' ? prompt : completion;
    return !Number.isFinite(value) || value < 0;
  });
  if (bad.length > 0) return { ok: false, fields: bad };
  return { ok: true, pricing: { prompt: prompt / 1000, completion: completion / 1000 } };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}

/** A row left completely blank is an unused row, not a mistake. */
const isBlankRow = (row: KeyValueRow) => row.key.trim() === '' && row.value.trim() === '';

/**
 * Checks the draft and builds the model. `existing` is the stored model being edited (its fields the
 * form does not show are kept); `newId` names a new one.
 */
export function modelFromDraft(
  draft: CustomModelDraft,
  newId: () => string,
  existing?: ModelDescriptor,
): DraftResult {
  const errors: CustomModelErrors = {};
  const endpoint = draft.endpoint.trim();
  if (endpoint === '') errors.endpoint = 'required';
  else if (!isHttpUrl(endpoint)) errors.endpoint = 'endpointInvalid';

  const contextText = draft.contextLength.trim();
  const contextLength = contextText === '' ? undefined : Number(contextText);
  if (contextLength !== undefined && !(Number.isInteger(contextLength) && contextLength > 0)) {
    errors.contextLength = 'contextLength';
  }

  // Rows keep their on-screen index in error paths, so the message lands under the right row.
  const rows = (group: 'headerRows' | 'bodyRows') =>
    draft[group].flatMap((row, index) => {
      if (isBlankRow(row)) return [];
      if (row.key.trim() === '') errors[`${group}.${index}.key`] = 'rowKeyRequired';
      return [{ key: row.key.trim(), value: row.value }];
    });
  const headerRows = rows('headerRows');
  const bodyRows = rows('bodyRows');
  const prices = pricingFromDraft(draft);
  if (!prices.ok) for (const field of prices.fields) errors[field] = 'price';

  const parsed = CustomModelSchema.safeParse({
    ...existing,
    id: draft.id ?? existing?.id ?? newId(),
    modelID: draft.modelID.trim(),
    title: draft.title.trim() === '' ? undefined : draft.title.trim(),
    endpoint,
    apiType: draft.apiType,
    provider: 'custom',
    source: 'custom',
    contextLength: errors.contextLength ? undefined : contextLength,
    headerRows,
    bodyRows,
    visionSupported: draft.visionSupported,
    pluginSupported: draft.pluginSupported,
    reasoningSupported: draft.reasoningSupported || undefined,
    pricing: prices.ok ? prices.pricing : existing?.pricing,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field] = issue.path;
      if (field === 'contextLength') errors.contextLength ??= 'contextLength';
      else errors[issue.path.join('.') || 'form'] ??= 'required';
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, model: parsed.data };
}

/** The list with `model` added, or put in place of the stored one with the same id. */
export function upsertCustomModel<T extends { id: string }>(list: readonly T[], model: T): T[] {
  const index = list.findIndex((entry) => entry.id === model.id);
  if (index === -1) return [...list, model];
  return list.map((entry, position) => (position === index ? model : entry));
}

export function removeCustomModel<T extends { id: string }>(list: readonly T[], id: string): T[] {
  return list.filter((entry) => entry.id !== id);
}
