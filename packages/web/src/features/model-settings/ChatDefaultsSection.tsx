import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../ui/Switch';
import { useAppState, useSyncedSettings } from '../../state';
import { ModelSettingsForm } from './ModelSettingsForm';

/** Settings → Chat: automatic titles, keyword suggestions and the default model settings. */
export function ChatDefaultsSection() {
  const { t } = useTranslation();
  const { settings } = useAppState();
  const automaticTitle = useSyncedSettings((state) => state.values.automaticTitle);
  const suggestKeywords = useSyncedSettings((state) => state.values.suggestKeywords);
  const behaviourId = useId();
  const defaultsId = useId();
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby={behaviourId} className="flex flex-col gap-4">
        <h3 id={behaviourId} className="text-sm font-semibold text-fg">
          {t('modelSettings.behaviourTitle')}
        </h3>
        <Switch
          label={t('modelSettings.automaticTitle')}
          hint={t('modelSettings.automaticTitleHint')}
          checked={automaticTitle}
          onCheckedChange={(checked) => void settings.set('automaticTitle', checked)}
        />
        <Switch
          label={t('modelSettings.suggestKeywords')}
          hint={t('modelSettings.suggestKeywordsHint')}
          checked={suggestKeywords}
          onCheckedChange={(checked) => void settings.set('suggestKeywords', checked)}
        />
      </section>
      <section aria-labelledby={defaultsId} className="flex flex-col gap-4">
        <h3 id={defaultsId} className="text-sm font-semibold text-fg">
          {t('modelSettings.defaultsTitle')}
        </h3>
        <ModelSettingsForm chat={null} />
      </section>
    </div>
  );
}
