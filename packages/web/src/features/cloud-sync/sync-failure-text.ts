import { syncMessages } from '@parley/core/sync';
import type { SyncFailure } from '@parley/core/sync-client';
import type { TFunction } from 'i18next';

/**
 * The text of a failed sync (spec section 8), from en.json; only another 4xx shows the server's
 * own userMessage. `cloud-sync.test.tsx` checks the en.json texts against core's (syncMessages, and
 * LEADER_UNRESPONSIVE_MESSAGE for a leader tab that never answered, SC25).
 */
export function syncFailureText(t: TFunction, failure: SyncFailure): string {
  switch (failure.code) {
    case 'too_large':
      return t('cloudSync.errors.tooLarge');
    case 'disabled':
      return t('cloudSync.errors.disabled');
    case 'unexpected':
      return t('cloudSync.errors.unexpected');
    case 'leader_unresponsive':
      return t('cloudSync.errors.leaderUnresponsive');
    case 'incompatible':
      return t('cloudSync.errors.incompatible');
    case 'client_error':
      return failure.message === syncMessages.otherClientError
        ? t('cloudSync.errors.otherClientError')
        : failure.message;
  }
}
