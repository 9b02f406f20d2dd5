import { canContinueAnswer } from '@parley/core/chat';
import type { Message } from '@parley/core/entities';
import { findModel } from '@parley/core/models';
import { useTranslation } from 'react-i18next';
import { useChatRuntime } from './chat-runtime';
import { requestModelChoice } from './model-choice-request';
import { Button } from '../../ui/Button';
import { AlertIcon, RegenerateIcon } from '../../ui/icons/chat';
import { providerErrorText } from './provider-error-text';

/**
 * The error of a failed answer (spec section 8 texts), the one place it is shown (CE5). On the
 * latest answer it offers Retry, and Continue when the failure passes and text already came (CE4).
 */
export function MessageError({
  message,
  canRetry,
  onRetry,
  onContinue,
}: {
  message: Message;
  canRetry: boolean;
  onRetry: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  if (!message.error) return null;
  // The model is gone at its provider (retired, renamed): pick another, then Retry sends with it.
  const modelGone = message.error.code === 'not_found';
  const provider = findModel(message.model ?? '')?.provider ?? 'custom';
  const partial = canContinueAnswer(message);
  const text = providerErrorText(
    t,
    { code: message.error.code, providerMessage: message.error.message, provider },
    { partial },
  );
  return (
    <div
      role="alert"
      className="mt-2 flex gap-3 rounded-lg border border-danger/30 bg-danger-soft px-3.5 py-3 text-sm text-danger-soft-fg"
    >
      <AlertIcon size={18} className="mt-0.5 shrink-0 text-danger" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{text.title}</p>
        {text.body && <p className="mt-1 break-words opacity-90">{text.body}</p>}
        {text.detail && <p className="mt-1 text-[13px] break-words opacity-75">{text.detail}</p>}
        {canRetry && (
          <div className="mt-2.5 flex flex-wrap gap-2">
            {partial && (
              <Button size="sm" variant="secondary" onClick={onContinue}>
                {t('chat.message.continue')}
              </Button>
            )}
            {modelGone && (
              <Button size="sm" variant="secondary" onClick={() => requestModelChoice(runtime.modelChoice)}>
                {t('chat.message.chooseModel')}
              </Button>
            )}
            <Button size="sm" variant="secondary" icon={<RegenerateIcon size={14} />} onClick={onRetry}>
              {t('chat.message.retry')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
