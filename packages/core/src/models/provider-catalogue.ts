import { anthropic } from './provider-entries/anthropic';
import { custom } from './provider-entries/custom';
import { gemini } from './provider-entries/gemini';
import { openai } from './provider-entries/openai';
import { openrouter } from './provider-entries/openrouter';
import type { ProviderEntry } from './provider-entry';

/**
 * The provider registry (decision 0094): every provider, described once, in the order the app
 * lists them. Each list of providers elsewhere (ids, keys in the vault, default endpoints, the
 * model lists fetched, names) is built from it by `providerLists`.
 */
export const providerCatalogue = [openai, anthropic, gemini, openrouter, custom] as const;

/** The lists the app reads, built from a catalogue (the real one below; tests pass their own). */
export function providerLists<const C extends readonly ProviderEntry[]>(catalogue: C) {
  type Entry = C[number];
  type Keyed = Extract<Entry, { key: { prefix: string } }>['id'];
  type Listed = Extract<Entry, { listed: true }>['id'];
  const ids = (keep: (entry: Entry) => unknown) => catalogue.filter(keep).map((entry) => entry.id);
  const record = (key: 'endpoint' | 'name') =>
    Object.fromEntries(catalogue.map((entry) => [entry.id, entry[key]])) as Record<Entry['id'], string>;
  return {
    /** Every id, in order (a model's `provider`). */
    ids: ids(Boolean) as unknown as { readonly [K in keyof C]: C[K]['id'] },
    /** Those with a key of their own in the vault (Settings -> API keys, in this order). */
    keyed: ids((entry) => entry.key) as Keyed[],
    /** Those whose live model list the app fetches (ML*). */
    listed: ids((entry) => entry.listed) as Listed[],
    endpoints: record('endpoint'),
    names: record('name'),
  };
}

const lists = providerLists(providerCatalogue);

export type ProviderId = (typeof providerCatalogue)[number]['id'];
/** A provider with a key of its own in the key vault (every one but custom models). */
export type KeyedProviderId = (typeof lists.keyed)[number];
/** A provider whose model list the app fetches. */
export type ListedProviderId = (typeof lists.listed)[number];

export const providerIds = lists.ids;
export const keyedProviderIds: readonly KeyedProviderId[] = lists.keyed;
export const listedProviderIds: readonly ListedProviderId[] = lists.listed;
/** Default base URLs by provider; '' for custom models. */
export const providerEndpoints: Readonly<Record<ProviderId, string>> = lists.endpoints;
export const providerNames: Readonly<Record<ProviderId, string>> = lists.names;

/** A provider's entry by id. */
export function providerEntry(id: ProviderId): (typeof providerCatalogue)[number] {
  return providerCatalogue.find((entry) => entry.id === id)!;
}
