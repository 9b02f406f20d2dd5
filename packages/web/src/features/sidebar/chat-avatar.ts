import type { ChatSummary } from '@parley/core/entities';
import { findModel, providerIds, type ProviderId } from '@parley/core/models';

/** Spec section 9, avatar colours: one rule for agents and chats (core agents AG4). */
export { avatarColor } from '@parley/core/agents';

/** The first letter (by code point) of the name, upper-cased; "?" for a blank name. */
export function avatarInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/** The chat's provider: from the catalogue, else from the model copy the chat carries (custom models). */
export function chatProvider(chat: Pick<ChatSummary, 'model' | 'modelInfo'>): ProviderId | undefined {
  const fromCatalogue = findModel(chat.model)?.provider;
  if (fromCatalogue) return fromCatalogue;
  const stored = chat.modelInfo?.provider;
  return providerIds.find((id) => id === stored);
}
