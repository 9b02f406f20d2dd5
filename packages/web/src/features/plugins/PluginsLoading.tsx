import { useTranslation } from 'react-i18next';

/** Shown in the Plugins dialog while the screen or the editor is on the way. */
export function PluginsLoading() {
  const { t } = useTranslation();
  return <p className="px-5 py-6 text-sm text-fg-subtle">{t('plugins.loading')}</p>;
}
