import { branchToDelete } from '@parley/core/chat';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useActiveChat } from './chat-runtime';

/** ED5: Delete asks first, saying how much goes (the message and its whole branch). */
export function DeleteMessageDialog({
  messageId,
  onClose,
  onConfirm,
}: {
  messageId: string | null;
  onClose: () => void;
  onConfirm: (messageId: string) => void;
}) {
  const { t } = useTranslation();
  const below = useActiveChat((state) => {
    if (!state.chat || messageId === null) return 0;
    return (branchToDelete(state.chat, messageId)?.messages.length ?? 1) - 1;
  });
  return (
    <ConfirmDialog
      open={messageId !== null}
      title={t('chat.deleteMessage.title')}
      body={
        below === 0
          ? t('chat.deleteMessage.bodySingle')
          : t('chat.deleteMessage.bodyBranch', { count: below })
      }
      confirmLabel={t('chat.deleteMessage.confirm')}
      cancelLabel={t('common.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        if (messageId !== null) onConfirm(messageId);
      }}
    />
  );
}
