import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageHostsSetting } from '../remote-images';
import { ThemeModeSetting } from '../theme';

export function GeneralSection() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby={headingId} className="flex flex-col gap-5">
        <h3 id={headingId} className="text-sm font-semibold text-fg">
          {t('settings.general.appearanceTitle')}
        </h3>
        <ThemeModeSetting />
      </section>
      <ImageHostsSetting />
    </div>
  );
}
