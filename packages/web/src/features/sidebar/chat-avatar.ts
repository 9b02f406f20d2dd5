import type { ChatSummary } from '@parley/core/entities';
import { findModel, providerIds, type ProviderId } from '@parley/core/models';
import { stableHash } from '@parley/core/platform';

/**
 * Spec section 9, avatar colours: deterministic from a hash, constant hue 217, default lightness
 * 0.4, text lightness 20. The hash picks the saturation, so every agent keeps its own shade of blue.
 */
const AVATAR_HUE = 217;
const AVATAR_LIGHTNESS = 0.4;

export function avatarColor(seed: string): string {
  const saturation = 35 + (Number.parseInt(stableHash(seed).slice(0, 6), 16) % 50);
  return `hsl(${AVATAR_HUE} ${saturation}% ${AVATAR_LIGHTNESS * 100}%)`;
}

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
