import {
  planAnswerRequest,
  resolveChatModel,
  type ChatRequestPlan,
  type PersonaInput,
  type PromptContext,
  type ProviderAccessInput,
} from '@parley/core/chat';
import type { Chat } from '@parley/core/entities';
import type { ToolDefinition } from '@parley/core/providers';
import {
  fillSecretRows,
  missingSecretRows,
  type CustomSecrets,
  type ModelDescriptor,
} from '@parley/core/models';
import type { KeyProvider, ProviderAccess, SyncedSettingsStore } from '../../state';
import type { ChatNotice } from './chat-notices';

export type ReadyChatPlan = Extract<ChatRequestPlan, { kind: 'ready' }>;

/** An answer that can be asked for, or the notice that says why not (nothing is sent then). */
export type AnswerPlan =
  { ok: true; plan: ReadyChatPlan; access: ProviderAccessInput } | { ok: false; notice: ChatNotice };

export type AnswerPlanDeps = {
  settings: SyncedSettingsStore;
  providerAccess: (provider: KeyProvider) => ProviderAccess;
  promptContext: () => PromptContext;
  /** Custom models' secret row values from the key vault (injected: the app gives its vault's). */
  customSecrets: () => CustomSecrets;
  /** A model the organisation offers goes through its server's relay (PR28); others: undefined. */
  hostedAccess?: ((model: ModelDescriptor) => ProviderAccessInput | undefined) | undefined;
};

function accessFor(
  model: ModelDescriptor,
  providerAccess: AnswerPlanDeps['providerAccess'],
  hostedAccess: AnswerPlanDeps['hostedAccess'],
): ProviderAccessInput | undefined {
  // The organisation's model: its key stays on the server; this device's own key is never used.
  const hosted = hostedAccess?.(model);
  if (hosted) return hosted;
  // A custom model carries its own endpoint, headers and key (PR3).
  if (model.provider === 'custom') return { apiKey: '' };
  const access = providerAccess(model.provider);
  if (model.skipAPIKey) return { apiKey: '', endpoint: access.endpoint };
  return access.apiKey ? { apiKey: access.apiKey, endpoint: access.endpoint } : undefined;
}

/**
 * The request that answers the last message of `chat`, with the chat's model and the user's key:
 * at send time without context (it decides whether the send can start), and once more just before
 * the call with what the answer's sources gathered and the tools it may offer (session-answers).
 */
export function planAnswer(
  chat: Chat,
  deps: AnswerPlanDeps,
  options: { continueAnswer?: boolean; persona?: PersonaInput; tools?: readonly ToolDefinition[] } = {},
): AnswerPlan {
  const stored = deps.settings.getState().values;
  // The synced custom models hold their secret rows empty; the values come from the vault, into this
  // request only (never written back), so the model's own server still gets its Authorization header.
  const secrets = deps.customSecrets();
  const values = {
    ...stored,
    customModels: stored.customModels.map((custom) => fillSecretRows(custom, secrets)),
  };
  const model = resolveChatModel(chat, values.customModels);
  // Sent without its key the request would fail as "invalid key"; say what is missing instead.
  const isCustom = values.customModels.some((custom) => custom.id === model.id);
  const missing = isCustom ? missingSecretRows(model) : [];
  if (missing.length > 0)
    return { ok: false, notice: { kind: 'missing-secret', model: model.title, rows: missing } };
  const access = accessFor(model, deps.providerAccess, deps.hostedAccess);
  if (!access) return { ok: false, notice: { kind: 'missing-key', provider: model.provider } };
  const plan = planAnswerRequest({
    chat,
    settings: values,
    access,
    prompt: deps.promptContext(),
    continueAnswer: options.continueAnswer === true,
    ...(options.persona ? { persona: options.persona } : {}),
    ...(options.tools ? { tools: options.tools } : {}),
    appInfo: {
      title: 'Parley',
      url: typeof location === 'undefined' ? 'https://parley.local' : location.origin,
    },
  });
  if (plan.kind === 'cannot-fit') return { ok: false, notice: { kind: 'cannot-fit' } };
  return { ok: true, plan, access };
}
