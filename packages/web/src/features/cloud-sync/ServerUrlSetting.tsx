import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { httpBaseUrl } from '../../adapters/sync';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useCloudSync, useCloudSyncState } from './cloud-sync-context';
import { defaultSyncServerSource, useSyncServerGiven } from './default-sync-server';

/**
 * Which sync server this device uses: this app's server (or the host's default, decision 0139), or a
 * local override. The static build with neither asks for one.
 */
export function ServerUrlSetting({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const cloudSync = useCloudSync();
  const serverUrl = useCloudSyncState((state) => state.serverUrl);
  const override = useCloudSyncState((state) => state.serverUrlOverride);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const given = useSyncServerGiven();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const url = httpBaseUrl(draft ?? '');
    if (!url) {
      setError(t('cloudSync.server.invalid'));
      return;
    }
    cloudSync.setServerUrl(url);
    setDraft(null);
  };

  if (draft !== null) {
    return (
      <form onSubmit={save} className="flex flex-col gap-3 rounded-xl border border-line bg-sunken p-4">
        <TextField
          label={t('cloudSync.server.field')}
          hint={t('cloudSync.server.fieldHint')}
          error={error}
          type="url"
          inputMode="url"
          autoComplete="url"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" size="sm">
            {t('cloudSync.server.save')}
          </Button>
          {override !== null && (
            <Button
              size="sm"
              onClick={() => {
                cloudSync.setServerUrl(null);
                setDraft(null);
              }}
            >
              {t('cloudSync.server.useDefault')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
            {t('cloudSync.server.cancel')}
          </Button>
        </div>
      </form>
    );
  }

  if (!given) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-line bg-sunken p-4 text-sm">
        <p className="text-fg-muted">{t('cloudSync.server.none')}</p>
        <Button size="sm" variant="primary" onClick={() => setDraft('')}>
          {t('cloudSync.server.choose')}
        </Button>
      </div>
    );
  }

  const defaultLabel =
    defaultSyncServerSource() === 'host'
      ? t('cloudSync.server.hostDefault')
      : t('cloudSync.server.thisServer');
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
      <p className="min-w-0 text-fg-muted">
        {t('cloudSync.server.label')}: <span className="font-medium break-all text-fg">{serverUrl}</span>{' '}
        <span className="text-fg-subtle">
          ({override === null ? defaultLabel : t('cloudSync.server.custom')})
        </span>
      </p>
      {editable && (
        <Button size="sm" variant="ghost" onClick={() => setDraft(override ?? serverUrl)}>
          {t('cloudSync.server.change')}
        </Button>
      )}
    </div>
  );
}
