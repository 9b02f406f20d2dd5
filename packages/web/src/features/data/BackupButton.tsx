import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button, type ButtonProps } from '../../ui/Button';
import { notify } from '../toasts';
import { DownloadIcon } from '../../ui/icons/settings';
import { backupFileName, type DataServices } from './data-services';

/** "Download a backup": the raw dump of everything stored on this device, as a .json file. */
export function BackupButton({
  services,
  ...props
}: { services: DataServices } & Omit<ButtonProps, 'onClick' | 'icon'>) {
  const { t } = useTranslation();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const dump = await services.dumpAllLocalData();
      services.saveFile(backupFileName(services.clock.now()), dump.text);
      notify.success(t('data.backup.saved', { size: format.bytes(dump.bytes) }));
    } catch (error) {
      notify.error(t('data.backup.failed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadIcon size={16} />} onClick={download} disabled={busy} {...props}>
      {busy ? t('data.backup.preparing') : t('data.backup.download')}
    </Button>
  );
}
