import type { LicenseState } from '@parley/core/license';
import type { TFunction } from 'i18next';
import { LicenseClientError, type LicenseErrorCode } from '../../state';

/** The state as the app shows it; a licensed app shows its plan name (spec section 4). */
export function licenseStateText(t: TFunction, state: LicenseState): string {
  if (state.kind === 'licensed')
    return t('license.states.licensed', { plan: t(`license.plans.${state.plan}`) });
  return t(`license.states.${state.kind}`);
}

const messageKeys = {
  empty_key: 'license.errors.emptyKey',
  looks_like_openai_key: 'license.errors.looksLikeOpenAIKey',
  invalid_key: 'license.errors.invalidKey',
  device_limit: 'license.errors.deviceLimit',
  user_limit: 'license.errors.userLimit',
  rate_limited: 'license.errors.rateLimitedNoWait',
  token_refused: 'license.errors.tokenRefused',
  device_not_found: 'license.errors.deviceNotFound',
  bad_response: 'license.errors.badResponse',
  unverifiable_token: 'license.errors.unverifiableToken',
  network: 'license.errors.network',
  server: 'license.errors.server',
  not_activated: 'license.errors.notActivated',
} as const satisfies Record<LicenseErrorCode, string>;

/** Each license error code's one user-facing message (spec sections 5 and 8 where it quotes one). */
export function licenseErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof LicenseClientError)) return t(messageKeys.server);
  const seconds = error.extra.retryAfterSeconds;
  if (error.code === 'rate_limited' && seconds) return t('license.errors.rateLimited', { seconds });
  return t(messageKeys[error.code]);
}
