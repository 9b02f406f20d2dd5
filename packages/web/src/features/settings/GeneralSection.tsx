import type { SyncedSettings } from '@parley/core/entities';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { Switch } from '../../ui/Switch';
import { setSendKey, useSendKey, useSyncedSetting, type SendKey } from '../../state';
import { ImageHostsSetting } from '../remote-images';
import { useModifierLabel } from '../shortcuts';
import { ThemeModeSetting } from '../theme';

type FontSize = SyncedSettings['fontSize'];

/**
 * Settings → General: the language (placed by the app, `language`), theme and text size, and how
 * the message box and chat actions behave.
 */
export function GeneralSection({ language }: { language?: ReactNode }) {
  const { t } = useTranslation();
  const fontSize = useSyncedSetting('fontSize');
  const actionLabels = useSyncedSetting('actionButtonsLabel');
  const sendKey = useSendKey();
  const mod = useModifierLabel();
  const appearanceId = useId();
  const chatId = useId();
  const report = (error: unknown) => console.error('saving a setting failed', error);
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby={appearanceId} className="flex flex-col gap-5">
        <h3 id={appearanceId} className="text-sm font-semibold text-fg">
          {t('settings.general.appearanceTitle')}
        </h3>
        {language}
        <ThemeModeSetting />
        <SegmentedControl<FontSize>
          label={t('settings.general.textSize')}
          hint={t('settings.general.textSizeHint')}
          value={fontSize.value}
          onValueChange={(value) => fontSize.save(value).catch(report)}
          options={(['small', 'medium', 'large'] as const).map((value) => ({
            value,
            label: t(`settings.general.textSizes.${value}`),
          }))}
        />
      </section>
      <section aria-labelledby={chatId} className="flex flex-col gap-5">
        <h3 id={chatId} className="text-sm font-semibold text-fg">
          {t('settings.general.chatTitle')}
        </h3>
        <SegmentedControl<SendKey>
          label={t('settings.general.sendKey')}
          hint={t('settings.general.sendKeyHint')}
          value={sendKey}
          onValueChange={setSendKey}
          options={[
            { value: 'enter', label: t('settings.general.sendKeys.enter') },
            { value: 'modEnter', label: t('settings.general.sendKeys.modEnter', { mod }) },
          ]}
        />
        <Switch
          label={t('settings.general.actionLabels')}
          hint={t('settings.general.actionLabelsHint')}
          checked={actionLabels.value}
          onCheckedChange={(checked) => actionLabels.save(checked).catch(report)}
        />
      </section>
      <ImageHostsSetting />
    </div>
  );
}
