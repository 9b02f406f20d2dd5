import type { ModelDescriptor, ProviderId } from '../models';
import { listedProviders, type ListedProvider, type ModelListEntry } from './model-list-entry';
import { descriptorForEntry, indexOpenRouter } from './model-metadata';

/** What the picker offers: one list per provider, the live one where there is one (MD5). */
export interface ModelDirectoryInput {
  readonly catalogue: readonly ModelDescriptor[];
  readonly customModels: readonly ModelDescriptor[];
  /** Live lists of the providers the user has a key for (cached or fresh). */
  readonly lists: Partial<Record<ListedProvider, readonly ModelListEntry[]>>;
  /** OpenRouter's public list, used for metadata even when OpenRouter's models are not shown. */
  readonly openRouterMetadata?: readonly ModelListEntry[] | undefined;
  /** ML4: include what cannot chat. */
  readonly showAll?: boolean;
  readonly cheapFallback?: Partial<Record<ProviderId, string>>;
}

export interface DirectoryModel {
  readonly model: ModelDescriptor;
  /** Came from a live list (else the catalogue or the custom models). */
  readonly live: boolean;
  /** False for what the chat filter leaves out (shown only with "show all"). */
  readonly chat: boolean;
}

const ORDER: readonly ListedProvider[] = listedProviders;

/**
 * MD5: per provider, its live list when there is one, else the catalogue's current (not retired)
 * models; then the custom models. A live model the catalogue knows keeps the catalogue id.
 */
export function buildModelDirectory(input: ModelDirectoryInput): DirectoryModel[] {
  const router = indexOpenRouter(input.openRouterMetadata ?? input.lists.openrouter ?? []);
  const out: DirectoryModel[] = [];
  const seen = new Set<string>();
  const push = (entry: DirectoryModel) => {
    if (seen.has(entry.model.id)) return;
    seen.add(entry.model.id);
    out.push(entry);
  };
  for (const provider of ORDER) {
    const list = input.lists[provider];
    if (list && list.length > 0) {
      for (const entry of list) {
        if (!entry.chat && !input.showAll) continue;
        push({
          model: descriptorForEntry(entry, router, input.catalogue, input.cheapFallback),
          live: true,
          chat: entry.chat,
        });
      }
    } else {
      for (const model of input.catalogue) {
        if (model.provider === provider && !model.retired) push({ model, live: false, chat: true });
      }
    }
  }
  for (const model of input.customModels) push({ model, live: false, chat: true });
  return out;
}
