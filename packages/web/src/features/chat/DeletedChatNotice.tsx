import type { Chat } from '@parley/core/entities';
import { restoreDeletedChats } from '@parley/core/sync-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { daysUntilPurge } from '../organise';
import { notify } from '../toasts';
import { useChatRuntime } from './chat-runtime';

/**
 * In place of the composer when a chat from Recently Deleted is open: when it was deleted, how
 * many days are left before it goes for good, and Restore (SC22: it may come back under a new id,
 * which then opens).
 */
export function DeletedChatNotice({ chat }: { chat: Chat & { deletedAt: string } }) {
  const { t } = useTranslation();
  const format = useFormat();
  const runtime = useChatRuntime();
  const [restoring, setRestoring] = useState(false);
  const { store, ids, clock } = runtime.services;
  const date = format.date(new Date(chat.deletedAt), 'long');
  const days = daysUntilPurge(chat.deletedAt, clock.now());

  const restore = async () => {
    setRestoring(true);
    try {
      const [restored] = await restoreDeletedChats({ store, ids }, [chat.id]);
      if (restored) await runtime.active.open(restored.to);
      notify.success(t('organise.toasts.restored', { count: 1 }));
    } catch (error) {
      notify.error(
        t('organise.toasts.failed', { message: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      setRestoring(false);
    }
  };

  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-line-strong bg-sunken px-4 py-3 text-sm"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium text-fg">{t('chat.deleted.title', { date })}</p>
        <p className="text-[13px] text-fg-muted">{t('chat.deleted.daysLeft', { count: days })}</p>
      </div>
      <Button size="sm" variant="primary" onClick={() => void restore()} disabled={restoring}>
        {t('chat.deleted.restore')}
      </Button>
    </div>
  );
}
