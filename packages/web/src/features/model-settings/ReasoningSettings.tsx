import type { ChatModelSettings, SyncedSettings } from '@parley/core/entities';
import {
  nearestEffort,
  reasoningEfforts,
  verbosityLevels,
  WIDEST_OUTPUT_LIMIT,
  type ModelDescriptor,
  type ReasoningControls,
  type ReasoningEffort,
  type Verbosity,
} from '@parley/core/models';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, type SelectOption } from '../../ui/Select';
import { SliderSettingInput } from './SliderSettingInput';

/** Every control, for the defaults: they reach each model as far as it takes them (RC2, RC3). */
export const ALL_REASONING_CONTROLS: ReasoningControls = {
  efforts: reasoningEfforts,
  budget: { min: 0, max: WIDEST_OUTPUT_LIMIT, canTurnOff: true },
  verbosity: true,
};

type ReasoningKey = 'reasoningEffort' | 'thinkingBudget' | 'verbosity';
export type ReasoningChange = Partial<Pick<ChatModelSettings, ReasoningKey>>;
type Defaults = Pick<SyncedSettings, 'defaultReasoningEffort' | 'defaultThinkingBudget' | 'defaultVerbosity'>;

/**
 * The reasoning settings a model takes (core RC1): its effort or thinking level, thinking budget and
 * verbosity, with only the values it accepts. A chat's own value wins over the synced default; an
 * effort the model does not have shows as the one it is sent (the nearest, RC2).
 */
export function ReasoningSettings({
  model,
  controls,
  own,
  defaults,
  onChange,
}: {
  /** The chat's model; undefined for the defaults. */
  model: ModelDescriptor | undefined;
  controls: ReasoningControls;
  /** The chat's own settings; null for the defaults themselves. */
  own: ChatModelSettings | null;
  defaults: Defaults;
  onChange: (change: ReasoningChange) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const effortLabel = (effort: ReasoningEffort) => t(`modelSettings.efforts.${effort}`);
  const verbosityLabel = (level: Verbosity) => t(`modelSettings.verbosityLevels.${level}`);

  const effortChosen = own ? (own.reasoningEffort ?? null) : defaults.defaultReasoningEffort;
  const effortShown = effortChosen === null ? null : (nearestEffort(effortChosen, controls.efforts) ?? null);
  const defaultEffort = own && defaults.defaultReasoningEffort;
  const defaultEffortShown = defaultEffort ? nearestEffort(defaultEffort, controls.efforts) : undefined;
  const effortOptions: SelectOption<ReasoningEffort | ''>[] = [
    {
      value: '',
      label: defaultEffortShown
        ? t('modelSettings.defaultChoice', { value: effortLabel(defaultEffortShown) })
        : t('modelSettings.providerDefault'),
    },
    ...controls.efforts.map((effort) => ({ value: effort, label: effortLabel(effort) })),
  ];

  const verbosityChosen = own ? (own.verbosity ?? null) : defaults.defaultVerbosity;
  const defaultVerbosity = own && defaults.defaultVerbosity;
  const verbosityOptions: SelectOption<Verbosity | ''>[] = [
    {
      value: '',
      label: defaultVerbosity
        ? t('modelSettings.defaultChoice', { value: verbosityLabel(defaultVerbosity) })
        : t('modelSettings.providerDefault'),
    },
    ...verbosityLevels.map((level) => ({ value: level, label: verbosityLabel(level) })),
  ];

  const budget = controls.budget;
  const anthropic = model?.apiType === 'claude';
  const openRouterBoth = model?.provider === 'openrouter';
  const gemini3 = model?.apiType === 'gemini';

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-0.5">
        <h3 id={headingId} className="text-sm font-semibold text-fg">
          {t('modelSettings.reasoningTitle')}
        </h3>
        <p className="text-[13px] text-fg-subtle">
          {model
            ? t('modelSettings.reasoningChatHint', { model: model.title })
            : t('modelSettings.reasoningDefaultsHint')}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-x-6 gap-y-5 @xl:grid-cols-2">
        {controls.efforts.length > 0 && (
          <Select
            label={gemini3 ? t('modelSettings.thinkingLevel') : t('modelSettings.reasoningEffort')}
            hint={
              openRouterBoth ? t('modelSettings.openRouterOneOfTwo') : t('modelSettings.reasoningEffortHint')
            }
            value={effortShown ?? ''}
            options={effortOptions}
            onValueChange={(value) => onChange({ reasoningEffort: value === '' ? null : value })}
          />
        )}
        {controls.verbosity && (
          <Select
            label={t('modelSettings.verbosity')}
            hint={t('modelSettings.verbosityHint')}
            value={verbosityChosen ?? ''}
            options={verbosityOptions}
            onValueChange={(value) => onChange({ verbosity: value === '' ? null : value })}
          />
        )}
        {budget && (
          <SliderSettingInput
            label={t('modelSettings.thinkingBudget')}
            hint={
              anthropic
                ? t('modelSettings.thinkingBudgetAnthropicHint')
                : t('modelSettings.thinkingBudgetHint')
            }
            range={{ min: 0, max: budget.max, step: 1024, integer: true }}
            value={own ? own.thinkingBudget : defaults.defaultThinkingBudget}
            fallback={own ? defaults.defaultThinkingBudget : null}
            resting={0}
            emptyText={t('modelSettings.providerDefault')}
            emptyPlaceholder={t('modelSettings.auto')}
            formatValue={(value) =>
              value === 0
                ? t('modelSettings.off')
                : value < budget.min
                  ? t('modelSettings.sentAs', { value: budget.min })
                  : null
            }
            onCommit={(value) => onChange({ thinkingBudget: value })}
          />
        )}
      </div>
    </section>
  );
}
