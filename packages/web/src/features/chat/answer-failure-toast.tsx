import type { TFunction } from 'i18next';
import { notify } from '../toasts';
import type { AnswerFailure } from './chat-notices';
import { providerErrorText } from './provider-error-text';

/** The toast of a failure with no place in the chat: a failed continuation (CE5, RQ4). */
export function showAnswerFailure(t: TFunction, failure: AnswerFailure): void {
  const text = providerErrorText(t, failure);
  notify.error(
    <span className="flex flex-col gap-0.5">
      <strong className="font-semibold">{text.title}</strong>
      {text.body && <span>{text.body}</span>}
      {text.detail && <span className="opacity-80">{text.detail}</span>}
    </span>,
    { id: `answer-failed-${failure.chatId}` },
  );
}
