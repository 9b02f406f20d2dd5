import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/** Reset Chat deletes every message: asked first. */
export function ResetChatDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('chat.reset.title')}
      body={t('chat.reset.body')}
      confirmLabel={t('chat.reset.confirm')}
      cancelLabel={t('common.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        onConfirm();
      }}
    />
  );
}
