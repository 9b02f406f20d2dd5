import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { PluginIcon } from '../../ui/icons/shell';
import { useFeatureFlags } from '../license';
import { usePluginsDialog } from './plugins-dialog-store';

/** The sidebar's way to the Plugins screen; gone when the deployment turns plugins off (usePlugins). */
export function PluginsLink() {
  const { t } = useTranslation();
  const open = usePluginsDialog((state) => state.open);
  const enabled = useFeatureFlags((state) => state.flags.usePlugins);
  if (!enabled) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="w-full justify-start"
      icon={<PluginIcon size={16} />}
      onClick={() => open()}
    >
      {t('plugins.sidebarLink')}
    </Button>
  );
}
