import { branchToDelete } from '@parley/core/chat';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
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
    <Dialog
      open={messageId !== null}
      onClose={onClose}
      title={t('chat.deleteMessage.title')}
      description={
        below === 0
          ? t('chat.deleteMessage.bodySingle')
          : t('chat.deleteMessage.bodyBranch', { count: below })
      }
      role="alertdialog"
      size="sm"
    >
      <div className="flex justify-end gap-2 px-5 pt-4 pb-4">
        <Button variant="ghost" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onClose();
            if (messageId !== null) onConfirm(messageId);
          }}
        >
          {t('chat.deleteMessage.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
