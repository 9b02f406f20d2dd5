import { findModel } from '@parley/core/models';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { lazyPart, useModelLists, useProviderAccess, useSyncedSettings } from '../../state';
import { useSettingsDialog } from '../settings';
import type { SettingsSectionId } from '../settings';
import { AlertIcon, ChatKeyIcon as KeyIcon } from '../../ui/icons/chat';
import { useActiveChat, useChatNotice } from './chat-runtime';
import { providerName } from './provider-name';

// Only chats whose agent has endpoints load the review (DC7).
const AgentEndpointsNotice = lazyPart(() => import('./AgentEndpointsReview'), {
  pick: (module) => module.AgentEndpointsNotice,
  strings: 'conversation',
});

/**
 * Why the chat cannot go on, above the composer: no API key for the model's provider (shown before
 * the first send, spec section 8), the context limit reached (spec section 4), or a failed save.
 */
export function ChatNotices({ onNewChat }: { onNewChat: () => void }) {
  const { t } = useTranslation();
  const notice = useChatNotice();
  const chatModel = useActiveChat((state) => state.chat?.model);
  const hasEndpoints = useActiveChat(
    (state) => (state.chat?.character?.dynamicContextEndpoints.length ?? 0) > 0,
  );
  const defaultModel = useSyncedSettings((state) => state.values.defaultModel);
  const customModels = useSyncedSettings((state) => state.values.customModels);
  const loaded = useSyncedSettings((state) => state.loaded);
  const access = useProviderAccess();
  const listed = useModelLists((state) => state.known.get(chatModel ?? defaultModel));
  const model = findModel(chatModel ?? defaultModel, customModels) ?? listed;
  const provider = model?.provider;
  const keyMissing =
    loaded &&
    provider !== undefined &&
    provider !== 'custom' &&
    !model?.skipAPIKey &&
    access(provider).apiKey === null;

  const missingKey = keyMissing ? provider : notice?.kind === 'missing-key' ? notice.provider : null;
  if (missingKey) {
    // Names the chosen model and its provider: any provider's key works, this model needs this one.
    const modelName = model?.title ?? chatModel ?? defaultModel;
    return (
      <KeyNotice
        title={t('chat.missingKey.message', { provider: providerName(t, missingKey), model: modelName })}
        body={t('chat.missingKey.hint')}
        action={t('chat.missingKey.action')}
        section="apiKeys"
        target={missingKey}
      />
    );
  }
  if (notice?.kind === 'missing-secret') {
    return (
      <KeyNotice
        title={t('chat.missingSecret.message', { model: notice.model, rows: notice.rows.join(', ') })}
        action={t('chat.missingSecret.action')}
        section="customModels"
      />
    );
  }
  if (notice?.kind === 'cannot-fit') {
    return (
      <Notice
        tone="danger"
        title={t('providerErrors.contextTitle')}
        body={t('providerErrors.context')}
        action={
          <Button size="sm" variant="secondary" onClick={onNewChat}>
            {t('providerErrors.newChat')}
          </Button>
        }
      />
    );
  }
  if (notice?.kind === 'context-failed') {
    const list = notice.failures
      .map((failure) => t('chat.contextFailed.item', { name: failure.name, error: failure.error }))
      .join(t('chat.contextFailed.separator'));
    return <Notice tone="accent" title={t('chat.contextFailed.message', { list })} />;
  }
  if (notice?.kind === 'storage') {
    return <Notice tone="danger" title={t('chat.storageFailed', { message: notice.message })} />;
  }
  // DC7: endpoints off on this device are named before anything is sent, and after a send that
  // did not call them; Review shows what each would send where.
  if (hasEndpoints || notice?.kind === 'context-off') {
    return <AgentEndpointsNotice notCalled={notice?.kind === 'context-off' ? notice.endpoints : null} />;
  }
  return null;
}

/** A key is missing: says which, with the button to the Settings section (and field) where it goes. */
function KeyNotice({
  title,
  body,
  action,
  section,
  target,
}: {
  title: string;
  body?: string;
  action: string;
  section: SettingsSectionId;
  target?: string;
}) {
  return (
    <Notice
      tone="accent"
      icon={<KeyIcon size={18} />}
      title={title}
      body={body}
      action={
        <Button
          size="sm"
          variant="primary"
          onClick={() => useSettingsDialog.getState().open(section, target)}
        >
          {action}
        </Button>
      }
    />
  );
}

/** One notice above the composer: what happened, and what to do about it. */
export function Notice({
  tone,
  icon,
  title,
  body,
  action,
}: {
  tone: 'accent' | 'danger';
  icon?: ReactNode;
  title: string;
  body?: string;
  action?: ReactNode;
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={
        tone === 'danger'
          ? 'mb-2 flex items-start gap-3 rounded-xl border border-danger/30 bg-danger-soft px-3.5 py-3 text-sm text-danger-soft-fg'
          : 'mb-2 flex items-center gap-3 rounded-xl border border-accent/25 bg-accent-soft px-3.5 py-2.5 text-sm text-accent-soft-fg'
      }
    >
      <span className={tone === 'danger' ? 'mt-0.5 text-danger' : 'text-accent'}>
        {icon ?? <AlertIcon size={18} />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        {body && <p className="mt-0.5 opacity-90">{body}</p>}
      </div>
      {action}
    </div>
  );
}
