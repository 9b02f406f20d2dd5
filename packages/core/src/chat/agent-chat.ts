import { type Character, type Chat, newChat } from '../entities';
import { findModel, type ModelDescriptor } from '../models';
import { newMessage, type MessageDeps } from './chat-messages';

/**
 * AC1: a new chat with an agent. The chat keeps a copy of the agent (its instruction reaches the
 * model through SC1 even if the agent is later deleted), takes the agent's model when it has one
 * (else the default), and opens with the welcome message as an assistant message of type
 * `character-welcome-message` (shown, never sent: SC7).
 */
export function newAgentChat(
  agent: Character,
  defaults: { defaultModel: string; customModels: readonly ModelDescriptor[] },
  deps: MessageDeps,
): Chat {
  const modelId = agent.model ?? defaults.defaultModel;
  const model = findModel(modelId, defaults.customModels);
  const welcome = agent.welcomeMessage.trim();
  return newChat(
    {
      model: model ? modelId : defaults.defaultModel,
      modelInfo: model ? { ...model } : (agent.modelInfo ?? null),
      character: agent,
      messages: welcome
        ? [newMessage({ role: 'assistant', content: welcome, type: 'character-welcome-message' }, deps)]
        : [],
    },
    deps,
  );
}

/** AC2: a chat whose agent locked the model cannot change it. */
export function isModelLocked(chat: Pick<Chat, 'character'> | null | undefined): boolean {
  return chat?.character?.modelLocked === true;
}
