import { EMBEDDING_MODELS, endpointEmbeddingModel, type EmbeddingModel } from '@parley/core/knowledge';
import type { ProviderAccess } from '../../state';
import { localPref } from '../../lib/local-pref';
import type { EmbeddingSetup } from './knowledge-protocol';

/**
 * Which model turns passages into vectors (decision 0108), on this device: a model of a provider the
 * user has a key for, an Ollama or OpenAI-compatible endpoint, or none (words only). Unset: the
 * first keyed provider's model, so a user with an OpenAI or Gemini key gets vectors as the issue asks,
 * and the panel says where the passages go.
 */
export type EmbeddingChoice =
  | { kind: 'auto' }
  | { kind: 'none' }
  | { kind: 'model'; key: string }
  | { kind: 'endpoint'; dialect: 'ollama' | 'openai'; url: string; model: string };

function parseChoice(value: unknown): EmbeddingChoice | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const choice = value as Record<string, unknown>;
  if (choice.kind === 'auto' || choice.kind === 'none') return { kind: choice.kind };
  if (choice.kind === 'model' && typeof choice.key === 'string') return { kind: 'model', key: choice.key };
  if (
    choice.kind === 'endpoint' &&
    (choice.dialect === 'ollama' || choice.dialect === 'openai') &&
    typeof choice.url === 'string' &&
    typeof choice.model === 'string'
  ) {
    return { kind: 'endpoint', dialect: choice.dialect, url: choice.url, model: choice.model };
  }
  return undefined;
}

export const embeddingChoicePref = localPref<EmbeddingChoice>('TM_knowledge_embedding', parseChoice, {
  kind: 'auto',
});

/** Whether chats outside projects use the global knowledge base (decision 0108): on unless switched off. */
export const globalInChatsPref = localPref<boolean>(
  'TM_knowledge_global_in_chats',
  (value) => (typeof value === 'boolean' ? value : undefined),
  true,
);

export type Access = (provider: 'openai' | 'gemini') => ProviderAccess;

/** The models whose provider has a key on this device. */
export function keyedEmbeddingModels(access: Access): EmbeddingModel[] {
  return EMBEDDING_MODELS.filter((model) => access(model.provider).apiKey !== null);
}

/** The setup the worker calls with, or null: words only. */
export function embeddingSetupFor(choice: EmbeddingChoice, access: Access): EmbeddingSetup | null {
  if (choice.kind === 'none') return null;
  if (choice.kind === 'endpoint') {
    if (choice.url.trim() === '' || choice.model.trim() === '') return null;
    return { model: endpointEmbeddingModel(choice.dialect, choice.model.trim()), baseUrl: choice.url.trim() };
  }
  const model =
    choice.kind === 'model'
      ? EMBEDDING_MODELS.find((candidate) => candidate.key === choice.key)
      : keyedEmbeddingModels(access)[0];
  if (!model?.provider) return null;
  const { apiKey, endpoint } = access(model.provider);
  if (!apiKey) return null;
  return { model, baseUrl: endpoint, apiKey };
}
