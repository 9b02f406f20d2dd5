import type { ProviderId } from '@parley/core/models';
import type { TFunction } from 'i18next';

/** The provider's name as the user knows it ("OpenAI"). */
export function providerName(t: TFunction, provider: ProviderId): string {
  return t(`providerErrors.providers.${provider}`);
}
