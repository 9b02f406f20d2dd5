import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { useFormat } from '../../i18n';
import { Dialog } from '../../ui/Dialog';
import { describeError } from './describe-error';
import type { LocalDataDump, RecoveryActions } from './recovery-actions';

type Busy = 'idle' | 'dumping' | 'clearing';

/** Dump All Local Data (read-only text and its size) and Clear All Data (confirm, clear, reload). */
export function RecoveryOptions({ recovery, reload }: { recovery: RecoveryActions; reload: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dumpId = useId();
  const [busy, setBusy] = useState<Busy>('idle');
  const [dump, setDump] = useState<LocalDataDump | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const dumpData = async () => {
    setBusy('dumping');
    setFailure(null);
    try {
      setDump(await recovery.dumpAllLocalData());
    } catch (error) {
      setFailure(t('errors.fatal.dumpFailed', { message: describeError(error).message }));
    } finally {
      setBusy('idle');
    }
  };

  const clearData = async () => {
    setBusy('clearing');
    setFailure(null);
    try {
      await recovery.clearAllLocalData();
      reload();
    } catch (error) {
      setConfirming(false);
      setBusy('idle');
      setFailure(t('errors.fatal.clearFailed', { message: describeError(error).message }));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">{t('errors.fatal.recoveryHint')}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={dumpData} disabled={busy !== 'idle'}>
          {busy === 'dumping' ? t('errors.fatal.dumping') : t('errors.fatal.dump')}
        </Button>
        <Button
          className="border-danger/40 text-danger hover:bg-danger-soft"
          onClick={() => setConfirming(true)}
          disabled={busy !== 'idle'}
        >
          {t('errors.fatal.clear')}
        </Button>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      )}
      {dump && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={dumpId} className="text-sm font-medium">
            {t('errors.fatal.dumpLabel')}
          </label>
          <textarea
            id={dumpId}
            readOnly
            value={dump.text}
            rows={8}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full resize-y rounded-lg border border-line-strong bg-sunken p-3 font-mono text-xs text-fg"
          />
          <p className="text-[13px] text-fg-subtle">
            {t('errors.fatal.dumpSize', {
              bytes: format.number(dump.bytes),
              size: format.bytes(dump.bytes),
            })}
          </p>
        </div>
      )}
      <Dialog
        open={confirming}
        onClose={() => busy === 'idle' && setConfirming(false)}
        role="alertdialog"
        title={t('errors.fatal.clearConfirmTitle')}
        description={t('errors.fatal.clearConfirmBody')}
      >
        <div className="flex justify-end gap-2 px-5 pt-5 pb-4">
          <Button onClick={() => setConfirming(false)} disabled={busy !== 'idle'}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={clearData} disabled={busy !== 'idle'}>
            {busy === 'clearing' ? t('errors.fatal.clearing') : t('errors.fatal.clearConfirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
