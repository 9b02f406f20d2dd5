import type { DirectoryModel } from '@parley/core/model-lists';
import { isHostedModelId } from '@parley/core/hosted';
import { modelCatalogue, type ModelDescriptor, type ProviderId } from '@parley/core/models';
import { searchKeyOf, wordsOf } from './model-search';

/**
 * The models the picker lists: the directory (live lists, else the catalogue, then custom models),
 * in the user's order (modelIDsOrder), hidden ones (hiddenModelIDs) left out, searchable by name
 * and id, grouped by provider.
 */

export type ModelGroup = { provider: ProviderId; models: ModelDescriptor[] };

export const PROVIDER_ORDER: readonly ProviderId[] = [
  'openai',
  'anthropic',
  'gemini',
  'openrouter',
  'custom',
];

/** The directory without live lists: the catalogue's current models, then the custom models. */
export function catalogueDirectory(customModels: readonly ModelDescriptor[]): DirectoryModel[] {
  const fromCatalogue = modelCatalogue.filter((model) => !model.retired);
  const ids = new Set(fromCatalogue.map((model) => model.id));
  return [
    ...fromCatalogue.map((model) => ({ model, live: false, chat: true })),
    ...customModels
      .filter((model) => !ids.has(model.id))
      .map((model) => ({ model, live: false, chat: true })),
  ];
}

export interface ListOptions {
  readonly directory?: readonly DirectoryModel[];
  readonly customModels: readonly ModelDescriptor[];
  readonly order: readonly string[];
  readonly hidden: readonly string[];
  /** Always listed, even when hidden or retired (the open chat's model). */
  readonly keep?: string | undefined;
  /** The kept model's descriptor when the directory lacks it (a retired or vanished model). */
  readonly keepModel?: ModelDescriptor | undefined;
}

/** Ordered ids first (in their order), then the rest as the directory lists them. */
export function orderModels<T extends { model: ModelDescriptor }>(
  items: readonly T[],
  order: readonly string[],
): T[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        (rank.get(a.item.model.id) ?? order.length + a.index) -
        (rank.get(b.item.model.id) ?? order.length + b.index),
    )
    .map((entry) => entry.item);
}

export function listEntries(options: ListOptions): DirectoryModel[] {
  const directory = options.directory ?? catalogueDirectory(options.customModels);
  const hidden = new Set(options.hidden);
  const visible = directory.filter((entry) => !hidden.has(entry.model.id) || entry.model.id === options.keep);
  if (options.keepModel && options.keep && !visible.some((entry) => entry.model.id === options.keep)) {
    visible.push({ model: options.keepModel, live: false, chat: true });
  }
  return orderModels(visible, options.order);
}

export function listModels(options: ListOptions): ModelDescriptor[] {
  return listEntries(options).map((entry) => entry.model);
}

/** A group of the picker: a provider's, or the organisation's models (issue #37), listed first. */
export type PickerGroup = ProviderId | 'organisation';

export const GROUP_ORDER: readonly PickerGroup[] = ['organisation', ...PROVIDER_ORDER];

export function pickerGroupOf(model: ModelDescriptor): PickerGroup {
  return isHostedModelId(model.id) ? 'organisation' : groupOf(model);
}

export function groupOf(model: ModelDescriptor): ProviderId {
  return model.source === 'custom' ? 'custom' : model.provider;
}

/** Groups by provider, keeping each group's order; custom models last. */
export function groupModels(models: readonly ModelDescriptor[]): ModelGroup[] {
  return PROVIDER_ORDER.map((provider) => ({
    provider,
    models: models.filter((model) => groupOf(model) === provider),
  })).filter((group) => group.models.length > 0);
}

const searchKeys = new WeakMap<ModelDescriptor, string>();

/**
 * Every word of the query in the model's name or id, case-insensitive: a one-off search (Settings →
 * Models). The picker, searched at each keystroke, keeps a `createModelSearch` per list instead.
 */
export function searchModels<T extends { model: ModelDescriptor }>(
  items: readonly T[],
  query: string,
): readonly T[] {
  const words = wordsOf(query);
  if (words.length === 0) return items;
  return items.filter((item) => {
    let key = searchKeys.get(item.model);
    if (key === undefined) searchKeys.set(item.model, (key = searchKeyOf(item.model)));
    return words.every((word) => key.includes(word));
  });
}

export type PickerRow =
  | { readonly kind: 'group'; readonly provider: PickerGroup; readonly key: string }
  | { readonly kind: 'model'; readonly entry: DirectoryModel; readonly index: number; readonly key: string };

/**
 * One flat list of group headings and models (the list is virtual), the models in that order, and
 * where each model's row is (`rowOf[index]`, for the keyboard to scroll to).
 */
export function pickerRows(items: readonly DirectoryModel[]): {
  rows: PickerRow[];
  models: DirectoryModel[];
  rowOf: number[];
} {
  const rows: PickerRow[] = [];
  const models: DirectoryModel[] = [];
  const rowOf: number[] = [];
  const groups = new Map<PickerGroup, DirectoryModel[]>();
  for (const item of items) {
    const group = pickerGroupOf(item.model);
    const list = groups.get(group);
    if (list) list.push(item);
    else groups.set(group, [item]);
  }
  for (const provider of GROUP_ORDER) {
    const inGroup = groups.get(provider);
    if (!inGroup) continue;
    rows.push({ kind: 'group', provider, key: `group-${provider}` });
    for (const entry of inGroup) {
      rowOf.push(rows.length);
      rows.push({ kind: 'model', entry, index: models.length, key: `model-${entry.model.id}` });
      models.push(entry);
    }
  }
  return { rows, models, rowOf };
}
