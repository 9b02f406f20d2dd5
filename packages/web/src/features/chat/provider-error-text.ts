import { chatErrorKind, type ChatErrorKind } from '@parley/core/chat';
import type { ProviderId } from '@parley/core/models';
import type { TFunction } from 'i18next';

/**
 * CE1: each kind of failure mapped once to the spec's messages (section 8). `title` is the short
 * headline, `body` the explanation; the toast shows both, the failed message shows them inline.
 */
export type ErrorText = { kind: ChatErrorKind; title: string; body: string | null };

export function providerName(t: TFunction, provider: ProviderId): string {
  return t(`providerErrors.providers.${provider}`);
}

export function providerErrorText(
  t: TFunction,
  failure: { code: string; providerMessage: string; provider: ProviderId },
): ErrorText {
  const kind = chatErrorKind(failure.code);
  const provider = providerName(t, failure.provider);
  switch (kind) {
    case 'offline':
      return { kind, title: t('providerErrors.offline'), body: null };
    case 'reload':
      return { kind, title: t('providerErrors.reload'), body: null };
    case 'unreachable':
      return {
        kind,
        title: t('providerErrors.unreachable', { provider }),
        body: t('providerErrors.unreachableHelp'),
      };
    case 'slow':
      return { kind, title: t('providerErrors.slow', { provider }), body: null };
    case 'connection':
      return { kind, title: t('providerErrors.connection', { provider }), body: null };
    case 'invalid_key':
      return {
        kind,
        title: t('providerErrors.invalidKeyTitle'),
        body: t('providerErrors.invalidKey', { provider }),
      };
    case 'context':
      return { kind, title: t('providerErrors.contextTitle'), body: t('providerErrors.context') };
    case 'stopped':
      return { kind, title: t('chat.message.stopped'), body: null };
    case 'api': {
      const message = failure.providerMessage.trim();
      return message
        ? { kind, title: t('providerErrors.apiPrefix'), body: message }
        : { kind, title: t('providerErrors.apiNoMessage'), body: null };
    }
  }
}
