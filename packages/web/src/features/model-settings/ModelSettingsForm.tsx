import { DETAILED_SYSTEM_PROMPT, withChatModelSettings } from '@parley/core/chat';
import type { Chat, ChatModelSettings, SyncedSettings } from '@parley/core/entities';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Switch';
import { useChatRuntime } from '../chat';
import { useAppState, useSyncedSettings } from '../../state';
import { notify } from '../toasts';
import { numberSettingFields } from './model-setting-fields';
import { NumberSettingInput } from './NumberSettingInput';

/**
 * The model settings of one chat (its own values over the synced defaults), or, with no chat, the
 * synced defaults themselves. Text and numbers are saved when the field is left.
 */
export function ModelSettingsForm({ chat }: { chat: Chat | null }) {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const { services, settings } = useAppState();
  const defaults = useSyncedSettings((state) => state.values);
  // The chat's own typed settings (absent: all defaults); null in defaults mode.
  const own: ChatModelSettings | null = chat ? (chat.modelSettings ?? {}) : null;

  const report = (error: unknown) => {
    console.error(error);
    notify.error(
      t('chat.toasts.actionFailed', { message: error instanceof Error ? error.message : String(error) }),
    );
  };
  const saveChat = (change: (chat: Chat) => Chat) => {
    if (!chat) return;
    services.store.chats.update(chat.id, change).then((stored) => runtime.active.apply(stored), report);
  };
  const setOwn = (change: Partial<ChatModelSettings>) =>
    saveChat((current) => withChatModelSettings(current, change));
  const setDefault = <K extends keyof SyncedSettings & string>(key: K, value: SyncedSettings[K] | null) =>
    settings.set(key as never, value as never).catch(report);

  const systemValue = chat ? chat.systemMessage : defaults.defaultSystemMessage;
  const commitSystem = (text: string) => {
    if (chat) saveChat((current) => ({ ...current, systemMessage: text.trim() === '' ? null : text }));
    else void setDefault('defaultSystemMessage', text.trim() === '' ? null : text);
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-[13px] text-fg-subtle">
        {chat ? t('modelSettings.chatDescription') : t('modelSettings.defaultsDescription')}
      </p>
      <SystemMessageField
        key={chat?.id ?? 'defaults'}
        value={systemValue ?? ''}
        placeholder={chat ? defaults.defaultSystemMessage : ''}
        onCommit={commitSystem}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {numberSettingFields.map((field) => (
          <NumberSettingInput
            key={field.key}
            field={field}
            value={own ? own[field.key] : defaults[field.defaultKey]}
            fallback={own ? defaults[field.defaultKey] : null}
            onCommit={(value) =>
              own ? setOwn({ [field.key]: value }) : void setDefault(field.defaultKey, value)
            }
          />
        ))}
      </div>
      <Switch
        label={t('modelSettings.streaming')}
        hint={t('modelSettings.streamingHint')}
        checked={own && typeof own.stream === 'boolean' ? own.stream : defaults.streaming}
        onCheckedChange={(checked) =>
          own ? setOwn({ stream: checked }) : void setDefault('streaming', checked)
        }
      />
      {chat && (
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              saveChat((current) => ({
                ...withChatModelSettings(current, emptyOverrides),
                systemMessage: null,
              }))
            }
          >
            {t('modelSettings.resetToDefaults')}
          </Button>
        </div>
      )}
    </div>
  );
}

const emptyOverrides: ChatModelSettings = {
  temperature: null,
  presencePenalty: null,
  frequencyPenalty: null,
  topP: null,
  topK: null,
  maxTokens: null,
  contextLimit: null,
  stream: null,
};

function SystemMessageField({
  value,
  placeholder,
  onCommit,
}: {
  value: string;
  placeholder: string;
  onCommit: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {t('modelSettings.systemMessage')}
        </label>
        <Button
          size="sm"
          variant="ghost"
          className="h-7 px-2 text-xs"
          onClick={() => {
            setText(DETAILED_SYSTEM_PROMPT);
            onCommit(DETAILED_SYSTEM_PROMPT);
          }}
        >
          {t('modelSettings.useDetailedPrompt')}
        </Button>
      </div>
      <textarea
        id={id}
        aria-describedby={`${id}-hint`}
        rows={4}
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (text !== value) onCommit(text);
        }}
        className="w-full resize-y rounded-lg border border-line-strong bg-raised px-3 py-2 text-sm text-fg shadow-xs placeholder:text-fg-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0"
      />
      <p id={`${id}-hint`} className="text-[13px] text-fg-subtle">
        {t('modelSettings.systemMessageHint')}
      </p>
    </div>
  );
}
