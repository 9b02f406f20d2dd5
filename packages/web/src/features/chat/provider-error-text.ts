import { chatErrorKind, type ChatErrorKind } from '@parley/core/chat';
import type { ProviderId } from '@parley/core/models';
import { retryWaitSeconds } from '@parley/core/providers';
import type { TFunction } from 'i18next';
import { providerName } from './provider-name';

/**
 * CE1: each kind of failure mapped once to the spec's messages (section 8). `title` is the short
 * headline, `body` the explanation and what to do, `detail` the provider's own words where they add
 * something (how many credits are left, which upstream failed). The failed answer shows them in the
 * chat; a failure with no place there (a failed continuation) shows them as a toast (CE5).
 */
export type ErrorText = { kind: ChatErrorKind; title: string; body: string | null; detail?: string };

export type ProviderFailure = { code: string; providerMessage: string; provider: ProviderId };

export { providerName };

/** The provider's message, when it says more than its bare status (e.g. "Overloaded", "HTTP 500"). */
function providerSaid(t: TFunction, provider: string, message: string): string | null {
  const said = message.trim();
  if (said === '' || /^(?:HTTP \d+|overloaded|internal server error)$/i.test(said)) return null;
  return t('providerErrors.providerSaid', { provider, message: said });
}

/**
 * `partial`: the failed answer already has text, so Continue (CE4) can finish it; the hint says so.
 */
export function providerErrorText(
  t: TFunction,
  failure: ProviderFailure,
  { partial = false }: { partial?: boolean } = {},
): ErrorText {
  const kind = chatErrorKind(failure.code);
  const provider = providerName(t, failure.provider);
  // A title may start with the provider's name ("the model's server"): it starts a sentence.
  const text = (heading: string, body: string | null = null, detail: string | null = null): ErrorText => {
    const title = heading.charAt(0).toUpperCase() + heading.slice(1);
    return detail ? { kind, title, body, detail } : { kind, title, body };
  };
  // CE4: what to do after a failure that usually passes.
  const next = t(partial ? 'providerErrors.continueHint' : 'providerErrors.retryHint');
  switch (kind) {
    case 'offline':
      return text(t('providerErrors.offline'));
    case 'reload':
      return text(t('providerErrors.reload'));
    case 'unreachable':
      return text(t('providerErrors.unreachable', { provider }), t('providerErrors.unreachableHelp'));
    case 'slow':
      return text(t('providerErrors.slow', { provider }), partial ? next : null);
    case 'overloaded':
      return text(
        t('providerErrors.overloaded', { provider }),
        `${t('providerErrors.overloadedHelp')} ${next}`,
        providerSaid(t, provider, failure.providerMessage),
      );
    case 'rate_limited': {
      // ER17: the server's own words, and the wait it names when it names one.
      const wait = retryWaitSeconds(failure.providerMessage);
      return text(
        t('providerErrors.rateLimited', { provider }),
        `${wait === undefined ? t('providerErrors.rateLimitedHelp') : t('providerErrors.rateLimitedWait', { wait: waitText(t, wait) })} ${next}`,
        providerSaid(t, provider, failure.providerMessage),
      );
    }
    case 'organisation_limit':
      // PR29: the organisation's limit, in its server's own words (which limit, when it resets).
      return text(t('providerErrors.organisationLimit'), failure.providerMessage.trim() || null);
    case 'server':
      return text(
        t('providerErrors.server', { provider }),
        `${t('providerErrors.serverHelp')} ${next}`,
        providerSaid(t, provider, failure.providerMessage),
      );
    case 'interrupted':
      return text(
        t('providerErrors.interrupted', { provider }),
        `${t('providerErrors.interruptedHelp')} ${next}`,
      );
    case 'invalid_key':
      return text(t('providerErrors.invalidKeyTitle'), t('providerErrors.invalidKey', { provider }));
    case 'billing':
      return text(
        t('providerErrors.billingTitle', { provider }),
        t('providerErrors.billing', { provider }),
        providerSaid(t, provider, failure.providerMessage),
      );
    case 'context':
      return text(t('providerErrors.contextTitle'), t('providerErrors.context'));
    case 'stopped':
      return text(t('chat.message.stopped'));
    case 'api': {
      const message = failure.providerMessage.trim();
      // A model the provider does not have (any more): say what to do about it.
      const help = failure.code === 'not_found' ? t('providerErrors.notFoundHelp', { provider }) : null;
      return message
        ? text(t('providerErrors.apiPrefix'), message, help)
        : text(t('providerErrors.apiNoMessage'), help);
    }
  }
}

/** A wait in the largest whole unit that fits: "40 seconds", "42 minutes", "2 hours". */
function waitText(t: TFunction, seconds: number): string {
  if (seconds < 90) return t('providerErrors.waitSeconds', { count: seconds });
  if (seconds < 90 * 60) return t('providerErrors.waitMinutes', { count: Math.round(seconds / 60) });
  return t('providerErrors.waitHours', { count: Math.round(seconds / 3600) });
}
