import { syncMessages } from '@parley/core/sync';
import type { SyncFailure } from '@parley/core/sync-client';
import type { TFunction } from 'i18next';

/**
 * The text of a failed sync (spec section 8), from en.json; only another 4xx shows the server's
 * own userMessage. `test/cloud-sync` checks the en.json texts against core's syncMessages.
 */
export function syncFailureText(t: TFunction, failure: SyncFailure): string {
  switch (failure.code) {
    case 'too_large':
      return t('cloudSync.errors.tooLarge');
    case 'disabled':
      return t('cloudSync.errors.disabled');
    case 'unexpected':
      return t('cloudSync.errors.unexpected');
    case 'client_error':
      return failure.message === syncMessages.otherClientError
        ? t('cloudSync.errors.otherClientError')
        : failure.message;
  }
}
