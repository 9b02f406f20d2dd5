import { shareSnapshotOf } from '@parley/core/chat';
import { SyncFailureError, type ShareLink } from '@parley/core/sync-client';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformServices } from '../../state';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CloudSyncReady, syncFailureText, useCloudSync, useCloudSyncState } from '../cloud-sync';
import { copyText } from '../markdown';
import { notify } from '../toasts';

/** Share (spec "share chat"): a public read-only link to this chat's visible path, kept on the sync server. */
export default function ShareDialog({ chatId, onClose }: { chatId: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} title={t('share.title')} closeLabel={t('common.close')} size="md">
      <div className="flex flex-col gap-4 px-5 pt-2 pb-5">
        <CloudSyncReady fallback={<p className="text-sm text-fg-muted">{t('share.loading')}</p>}>
          <ShareBody chatId={chatId} />
        </CloudSyncReady>
      </div>
    </Dialog>
  );
}

function ShareBody({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const cloudSync = useCloudSync();
  // Links live on the sync server under the account: signed out, there is nothing to ask it.
  const enabled = useCloudSyncState((state) => state.enabled && state.email !== null);
  const { store, clock } = usePlatformServices();
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const failure = useCallback(
    (error: unknown) =>
      error instanceof SyncFailureError ? syncFailureText(t, error.failure) : t('share.failed'),
    [t],
  );
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    cloudSync.shares.list().then(
      (all) => live && setLinks(all.filter((link) => link.chatId === chatId)),
      (error: unknown) => live && setProblem(failure(error)),
    );
    return () => {
      live = false;
    };
  }, [cloudSync, chatId, enabled, failure]);

  if (!enabled) return <p className="text-sm text-fg-muted">{t('share.needsSync')}</p>;

  const create = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const chat = await store.chats.get(chatId);
      const snapshot = chat ? shareSnapshotOf(chat, new Date(clock.now()).toISOString()) : null;
      if (!snapshot) {
        setProblem(t('share.empty'));
        return;
      }
      const link = await cloudSync.shares.create(snapshot);
      setLinks((current) => [link, ...(current ?? [])]);
      await copyText(cloudSync.shareUrl(link.id)).catch(() => undefined);
      notify.success(t('share.created'));
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (link: ShareLink) => {
    setBusy(true);
    try {
      await cloudSync.shares.revoke(link.id);
      setLinks((current) => (current ?? []).filter((other) => other.id !== link.id));
      notify.success(t('share.revoked'));
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="text-sm text-fg-muted">{t('share.intro')}</p>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      {links && links.length > 0 && (
        <ul aria-label={t('share.linksLabel')} className="flex flex-col gap-2">
          {links.map((link) => {
            const url = cloudSync.shareUrl(link.id);
            return (
              <li
                key={link.id}
                className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-2"
              >
                <input
                  readOnly
                  value={url}
                  aria-label={t('share.linkLabel')}
                  onFocus={(event) => event.currentTarget.select()}
                  className="h-8 min-w-0 flex-1 rounded-md bg-sunken px-2 font-mono text-xs text-fg"
                />
                <Button
                  size="sm"
                  onClick={() => void copyText(url).then(() => notify.success(t('share.copied')))}
                >
                  {t('share.copy')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => void revoke(link)} aria-disabled={busy}>
                  {t('share.revoke')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex justify-end">
        <Button variant="primary" onClick={() => void create()} disabled={busy}>
          {links && links.length > 0 ? t('share.createAnother') : t('share.create')}
        </Button>
      </div>
    </>
  );
}
