import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { BackupButton } from './BackupButton';
import { DataTrashIcon as TrashIcon, DataWarningIcon as WarningIcon } from '../../ui/icons/settings';
import type { DataServices } from './data-services';
import { SubScreenHeader } from '../../ui/SubScreenHeader';
import type { StorageUsage } from './storage-usage';
import { StorageUsageLine } from './StorageUsageCard';

/**
 * "Clear all storage" (spec section 4, clear-all: button, confirmation, clear and reload). The user
 * types a word to confirm, so a stray click or Enter cannot wipe everything.
 */
export function ClearStorageScreen({
  services,
  usage,
  onBack,
}: {
  services: DataServices;
  usage: StorageUsage;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmWord = t('data.clear.confirmWord');
  const confirmed = typed.trim().toLocaleLowerCase() === confirmWord.toLocaleLowerCase();

  const clear = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      // Closing first lets the database be deleted at once instead of after the reload.
      await services.store.close().catch(() => undefined);
      await services.clearAllLocalData();
      services.reload();
    } catch (error) {
      setBusy(false);
      setFailure(t('data.clear.failed', { message: error instanceof Error ? error.message : String(error) }));
    }
  };

  const deleted = [
    t('data.clear.what.chats', { count: usage.chats ?? 0 }),
    t('data.clear.what.settings'),
    t('data.clear.what.keys'),
    t('data.clear.what.other'),
    t('data.clear.what.snapshots'),
  ];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <SubScreenHeader headingId={headingId} title={t('data.clear.title')} intro={t('data.clear.intro')} backLabel={t('data.back')} onBack={onBack} />
      <div className="rounded-xl border border-danger/30 bg-danger-soft px-4 py-3.5 text-danger-soft-fg">
        <p className="flex items-center gap-2 text-sm font-medium">
          <WarningIcon size={16} className="shrink-0" />
          {t('data.clear.whatTitle')}
        </p>
        <ul className="mt-2 list-disc space-y-0.5 pl-9 text-[13px]">
          {deleted.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mt-2 text-[13px]">{t('data.clear.notDeleted')}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <StorageUsageLine usage={usage} />
          <p className="text-[13px] text-fg-muted">{t('data.clear.backupFirst')}</p>
        </div>
        <BackupButton services={services} />
      </div>
      <form onSubmit={clear} className="flex flex-col gap-3 border-t border-line pt-4">
        <TextField
          label={t('data.clear.confirmLabel', { word: confirmWord })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
        />
        {failure && (
          <p role="alert" className="text-[13px] text-danger">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={onBack} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" icon={<TrashIcon size={16} />} disabled={!confirmed || busy}>
            {busy ? t('data.clear.clearing') : t('data.clear.confirm')}
          </Button>
        </div>
      </form>
    </section>
  );
}
