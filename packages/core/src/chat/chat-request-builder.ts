import {
  type Chat,
  DEFAULT_MODEL_ID,
  isContextBoundary,
  type Message,
  messageText,
  type SyncedSettings,
} from '../entities';
import { findModel, type ModelDescriptor, ModelDescriptorSchema } from '../models';
import type { ChatMessageInput, ChatRequest, ToolDefinition } from '../providers';
import { effectiveModelSettings } from './chat-model-settings';
import { selectedPathOf } from './message-tree';
import type { EffectiveModelSettings, ModelSettingDefaults } from './chat-model-settings';
import { messagesAfterBoundary, selectContext } from './context-window';
import { fillPromptPlaceholders } from './system-prompt';
import { continuationTurns, continuesAnswer } from './continue-request';
import type { PromptContext } from './system-prompt';
import { assembleSystemContext } from './system-context';
import type { PersonaInput } from './system-context';
import { lastUserMessage } from './chat-edits';

/**
 * Turns a stored chat into the provider-neutral request of its next answer (SM*, CX*, RQ*), or, when
 * asked, of the continuation of its last answer (RQ4).
 */

/** The synced settings a request depends on. */
export type ChatRequestSettings = ModelSettingDefaults &
  Pick<SyncedSettings, 'defaultSystemMessage' | 'customModels'>;

/** RQ1: the chat's model, else its snapshot, else the default model. */
export function resolveChatModel(
  chat: Pick<Chat, 'model' | 'modelInfo'>,
  customModels: readonly ModelDescriptor[],
): ModelDescriptor {
  const known = findModel(chat.model, customModels);
  if (known) return known;
  const snapshot = ModelDescriptorSchema.safeParse(chat.modelInfo);
  if (snapshot.success && snapshot.data.id === chat.model) return snapshot.data;
  return findModel(DEFAULT_MODEL_ID) as ModelDescriptor;
}

/** SM1: the chat's own text, else a leading system message, else the default. */
export function systemTextOf(
  chat: Pick<Chat, 'systemMessage' | 'messages'> & Partial<Pick<Chat, 'selectedPath'>>,
  defaultSystemMessage: string,
): string {
  if (chat.systemMessage !== null) return chat.systemMessage;
  const first = selectedPathOf({ messages: chat.messages, selectedPath: chat.selectedPath ?? null })[0];
  if (first && first.role === 'system' && !isContextBoundary(first) && typeof first.content === 'string') {
    return first.content;
  }
  return defaultSystemMessage;
}

/** RQ3: a stored message as the request builders take it. */
export function toMessageInput(message: Message): ChatMessageInput {
  const role = message.role === 'tool' ? 'function' : message.role;
  const input: ChatMessageInput = { role, content: message.content };
  if (message.function_call) input.function_call = message.function_call;
  if (message.tool_calls?.length) {
    input.tool_calls = message.tool_calls.map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    }));
  }
  if (message.name !== undefined) input.name = message.name;
  if (message.tool_call_id !== undefined) input.tool_call_id = message.tool_call_id;
  return input;
}

export interface ProviderAccessInput {
  /** '' for custom models and keyless endpoints (no auth header is sent). */
  apiKey: string;
  endpoint?: string | undefined;
  /** PR28: a model the organisation offers goes through its server's relay (no key here). */
  relay?:
    { url: string; modelId?: string | undefined; headers?: Record<string, string> | undefined } | undefined;
}

export interface ChatRequestInput {
  chat: Chat;
  settings: ChatRequestSettings;
  access: ProviderAccessInput;
  prompt: PromptContext;
  appInfo?: ChatRequest['appInfo'];
  /** RQ4: the chat ends with an answer cut at the max-tokens limit, to be continued (only Continue). */
  continueAnswer?: boolean;
  /** SC*: the current profile, memory entries and what the agent's endpoints answered. */
  persona?: PersonaInput;
  /** RQ6: the functions the model may call (tools SPEC TL5 decides which, or none). */
  tools?: readonly ToolDefinition[] | undefined;
}

export type ChatRequestPlan =
  | {
      kind: 'ready';
      request: ChatRequest;
      model: ModelDescriptor;
      modelSettings: EffectiveModelSettings;
      /** Messages left out by the context limit or the token budget (CX3, CX6). */
      dropped: number;
      /** CX5 estimate of the prompt (AN2 uses it when the provider reports no usage). */
      estimatedPromptTokens: number;
    }
  | { kind: 'cannot-fit'; model: ModelDescriptor; estimatedTokens: number; budget: number };

export function planChatRequest(input: ChatRequestInput): ChatRequestPlan {
  const { chat, settings } = input;
  const model = resolveChatModel(chat, settings.customModels);
  const modelSettings = effectiveModelSettings(chat.modelSettings, settings);
  const context = assembleSystemContext({
    baseSystemText: systemTextOf(chat, settings.defaultSystemMessage),
    agent: chat.character,
    persona: input.persona,
    contextLength: model.contextLength,
    lastUserMessage: messageText(lastUserMessage(chat) ?? { content: '' }),
  });
  const systemText = fillPromptPlaceholders(context.systemText, input.prompt);
  // SC7: an agent's welcome message is shown, never sent. BR5: only the selected path is sent;
  // other versions never reach the model.
  const conversation = messagesAfterBoundary(selectedPathOf(chat))
    .filter((message) => message.type !== 'character-welcome-message')
    .map(toMessageInput);
  // RQ4: a chat ending with a cut answer continues it. The cut answer stays the last message CX6
  // never drops; the instruction after it counts in the estimate with the system text.
  const continuation =
    input.continueAnswer === true && continuesAnswer(conversation) ? continuationTurns(model) : [];
  const selection = selectContext(conversation, {
    // SC5: the training examples are kept like the system text and counted with it.
    systemText: [systemText, ...[...context.priorTurns, ...continuation].map((turn) => turn.content)].join(
      '\n',
    ),
    model,
    maxTokens: modelSettings.maxTokens,
    contextLimit: modelSettings.contextLimit,
  });
  if (selection.kind === 'cannot-fit') {
    return {
      kind: 'cannot-fit',
      model,
      estimatedTokens: selection.estimatedTokens,
      budget: selection.budget,
    };
  }
  const system: ChatMessageInput[] =
    systemText.trim() === '' ? [] : [{ role: 'system', content: systemText }];
  const request: ChatRequest = {
    model,
    messages: [...system, ...context.priorTurns, ...selection.messages, ...continuation],
    settings: {
      temperature: modelSettings.temperature,
      presencePenalty: modelSettings.presencePenalty,
      frequencyPenalty: modelSettings.frequencyPenalty,
      topP: modelSettings.topP,
      topK: modelSettings.topK,
      maxTokens: modelSettings.maxTokens,
      stream: modelSettings.stream,
      // RC1: the builders send these only to models that take them (PR23-PR27).
      reasoningEffort: modelSettings.reasoningEffort,
      thinkingBudget: modelSettings.thinkingBudget,
      verbosity: modelSettings.verbosity,
    },
    apiKey: input.access.apiKey,
    endpoint: input.access.endpoint,
    ...(input.access.relay && { relay: input.access.relay }),
    appInfo: input.appInfo,
    // A model marked as without function calling gets none (its API would refuse the request).
    ...(input.tools?.length && model.pluginSupported !== false ? { tools: input.tools } : {}),
  };
  return {
    kind: 'ready',
    request,
    model,
    modelSettings,
    dropped: selection.dropped,
    estimatedPromptTokens: selection.estimatedTokens,
  };
}
