import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

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
    <Dialog
      open={open}
      onClose={onClose}
      title={t('chat.reset.title')}
      description={t('chat.reset.body')}
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
            onConfirm();
          }}
        >
          {t('chat.reset.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
