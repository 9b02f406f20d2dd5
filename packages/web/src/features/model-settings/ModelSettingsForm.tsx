import { DETAILED_SYSTEM_PROMPT, resolveChatModel, withChatModelSettings } from '@parley/core/chat';
import type { Chat, ChatModelSettings, SyncedSettings } from '@parley/core/entities';
import { hasReasoningControls, reasoningControlsOf, samplingLeftOut } from '@parley/core/models';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Switch';
import { useChatRuntime } from '../chat';
import { useFeatureFlags } from '../license';
import { useAppState, useSyncedSettings } from '../../state';
import { notify } from '../toasts';
import { numberSettingFields, rangeOf } from './model-setting-fields';
import { ALL_REASONING_CONTROLS, ReasoningSettings } from './ReasoningSettings';
import { SliderSettingInput } from './SliderSettingInput';

/**
 * The model settings of one chat (its own values over the synced defaults), or, with no chat, the
 * synced defaults themselves. Text and numbers are saved when the field is left, sliders once they
 * rest. A chat shows what its model's provider takes, in its ranges (core RC1-RC6); the defaults show
 * every setting in the widest ranges.
 */
export function ModelSettingsForm({ chat }: { chat: Chat | null }) {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const { services, settings } = useAppState();
  const defaults = useSyncedSettings((state) => state.values);
  // The host's systemMessage flag (parley.config.json): no system message field.
  const systemMessageShown = useFeatureFlags((state) => state.flags.systemMessage);
  // The chat's own typed settings (absent: all defaults); null in defaults mode.
  const own: ChatModelSettings | null = chat ? (chat.modelSettings ?? {}) : null;

  const report = (error: unknown) => {
    console.error(error);
    notify.error(
      t('chat.toasts.actionFailed', { message: error instanceof Error ? error.message : String(error) }),
    );
  };
  // Only the latest save's stored chat is shown: an earlier one answering late must not take back a
  // step made since (a held arrow key on a slider sends several saves before the first answers).
  const saves = useRef(0);
  const saveChat = (change: (chat: Chat) => Chat) => {
    if (!chat) return;
    const mine = ++saves.current;
    // Shown at once, so the next key press starts from this value, not from the stored one.
    runtime.active.apply(change(chat));
    services.store.chats.update(chat.id, change).then(
      (stored) => {
        if (mine === saves.current) runtime.active.apply(stored);
      },
      (error: unknown) => {
        report(error);
        // Back to what is stored: the value shown was never saved.
        void services.store.chats.get(chat.id).then((stored) => stored && runtime.active.apply(stored));
      },
    );
  };
  const setOwn = (change: Partial<ChatModelSettings>) =>
    saveChat((current) => withChatModelSettings(current, change));
  const setDefault = <K extends keyof SyncedSettings & string>(key: K, value: SyncedSettings[K] | null) =>
    settings.set(key as never, value as never).catch(report);

  // The model a request of this chat goes to (RQ1), so the form offers what that request can carry.
  const model = useMemo(
    () => (chat ? resolveChatModel(chat, defaults.customModels) : undefined),
    [chat, defaults.customModels],
  );
  const controls = model ? reasoningControlsOf(model) : ALL_REASONING_CONTROLS;
  const leftOut = new Set<string>(
    model
      ? samplingLeftOut(model, {
          reasoningEffort: own?.reasoningEffort ?? defaults.defaultReasoningEffort ?? undefined,
          thinkingBudget: own?.thinkingBudget ?? defaults.defaultThinkingBudget ?? undefined,
        })
      : [],
  );

  const notSentId = useId();
  const samplingId = useId();

  const systemValue = chat ? chat.systemMessage : defaults.defaultSystemMessage;
  const commitSystem = (text: string) => {
    if (chat) saveChat((current) => ({ ...current, systemMessage: text.trim() === '' ? null : text }));
    else void setDefault('defaultSystemMessage', text.trim() === '' ? null : text);
  };

  return (
    <div className="@container flex flex-col gap-5">
      <p className="text-[13px] text-fg-subtle">
        {chat ? t('modelSettings.chatDescription') : t('modelSettings.defaultsDescription')}
      </p>
      {systemMessageShown && (
        <SystemMessageField
          key={chat?.id ?? 'defaults'}
          value={systemValue ?? ''}
          placeholder={chat ? defaults.defaultSystemMessage : ''}
          onCommit={commitSystem}
        />
      )}
      {hasReasoningControls(controls) && (
        <ReasoningSettings
          model={model}
          controls={controls}
          own={own}
          defaults={defaults}
          onChange={(change) => {
            if (own) return setOwn(change);
            if ('reasoningEffort' in change)
              void setDefault('defaultReasoningEffort', change.reasoningEffort ?? null);
            if ('thinkingBudget' in change)
              void setDefault('defaultThinkingBudget', change.thinkingBudget ?? null);
            if ('verbosity' in change) void setDefault('defaultVerbosity', change.verbosity ?? null);
          }}
        />
      )}
      <section aria-labelledby={samplingId} className="flex flex-col gap-4">
        <h3 id={samplingId} className="text-sm font-semibold text-fg">
          {t('modelSettings.samplingTitle')}
        </h3>
        {leftOut.size > 0 && model && (
          <p id={notSentId} className="rounded-lg bg-sunken px-3 py-2 text-[13px] text-fg-muted">
            {t('modelSettings.notSentWhileReasoning', { model: model.title })}
          </p>
        )}
        <div className="grid grid-cols-1 gap-x-6 gap-y-5 @xl:grid-cols-2">
          {numberSettingFields.map((field) => {
            const range = rangeOf(field, model);
            if (!range) return null;
            return (
              <SliderSettingInput
                key={field.key}
                label={t(field.labelKey)}
                hint={field.hintKey ? t(field.hintKey) : undefined}
                notSentId={leftOut.has(field.key) ? notSentId : undefined}
                range={{ ...range, integer: field.integer }}
                sliderMax={field.sliderMax}
                value={own ? own[field.key] : defaults[field.defaultKey]}
                fallback={own ? defaults[field.defaultKey] : null}
                resting={field.resting}
                emptyText={t(field.emptyMeansKey)}
                emptyPlaceholder={
                  field.emptyMeansKey === 'modelSettings.all'
                    ? t('modelSettings.all')
                    : t('modelSettings.auto')
                }
                onCommit={(value) =>
                  own ? setOwn({ [field.key]: value }) : void setDefault(field.defaultKey, value)
                }
              />
            );
          })}
        </div>
      </section>
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
  reasoningEffort: null,
  thinkingBudget: null,
  verbosity: null,
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
      {/* Wraps: in a long language the button goes under the label, not past the edge. */}
      <div className="flex flex-wrap items-end justify-between gap-x-2 gap-y-1">
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
