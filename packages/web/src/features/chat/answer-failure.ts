import type { TFunction } from 'i18next';
import { retryingImport } from '../../lib/retrying-import';
import { withStrings } from '../../i18n';
import type { AnswerFailure } from './chat-notices';

/**
 * The toast of a failure with no place in the chat (CE5, RQ4). Its wording (provider error texts)
 * loads with it, not with the first screen (decision 0079): a failure comes from a send, after the
 * session's chunk has loaded anyway.
 */
export function showAnswerFailure(t: TFunction, failure: AnswerFailure): void {
  withStrings('conversation', () => retryingImport(() => import('./answer-failure-toast')))
    .then((module) => module.showAnswerFailure(t, failure))
    .catch((error: unknown) => console.warn('Parley could not show an answer failure:', error));
}
