import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { httpBaseUrl } from '../../adapters/sync';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useCloudSync, useCloudSyncState } from './cloud-sync-context';

/** Which sync server this device uses: this app's server by default, or a local override. */
export function ServerUrlSetting({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const cloudSync = useCloudSync();
  const serverUrl = useCloudSyncState((state) => state.serverUrl);
  const override = useCloudSyncState((state) => state.serverUrlOverride);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();

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

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
      <p className="min-w-0 text-fg-muted">
        {t('cloudSync.server.label')}: <span className="font-medium break-all text-fg">{serverUrl}</span>{' '}
        <span className="text-fg-subtle">
          ({override === null ? t('cloudSync.server.thisServer') : t('cloudSync.server.custom')})
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
