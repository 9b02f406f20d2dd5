import type { Message } from '@parley/core/entities';
import { findModel } from '@parley/core/models';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { AlertIcon, RegenerateIcon } from '../../ui/icons/chat';
import { providerErrorText } from './provider-error-text';

/** The inline error of a failed answer (spec section 8 texts), with Retry on the latest one. */
export function MessageError({
  message,
  canRetry,
  onRetry,
}: {
  message: Message;
  canRetry: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (!message.error) return null;
  const provider = findModel(message.model ?? '')?.provider ?? 'custom';
  const text = providerErrorText(t, {
    code: message.error.code,
    providerMessage: message.error.message,
    provider,
  });
  return (
    <div
      role="alert"
      className="mt-2 flex gap-3 rounded-lg border border-danger/30 bg-danger-soft px-3.5 py-3 text-sm text-danger-soft-fg"
    >
      <AlertIcon size={18} className="mt-0.5 shrink-0 text-danger" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{text.title}</p>
        {text.body && <p className="mt-1 break-words opacity-90">{text.body}</p>}
        {canRetry && (
          <Button
            size="sm"
            variant="secondary"
            className="mt-2.5"
            icon={<RegenerateIcon size={14} />}
            onClick={onRetry}
          >
            {t('chat.message.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
