import { useTranslation } from 'react-i18next';
import { MonitorIcon, MoonIcon, SunIcon } from '../../ui/icons/settings';
import { SegmentedControl } from '../../ui/SegmentedControl';
import type { ThemeMode } from './theme-mode';
import { useTheme } from './ThemeProvider';

export function ThemeModeSetting() {
  const { t } = useTranslation();
  const { mode, setMode } = useTheme();
  return (
    <SegmentedControl<ThemeMode>
      label={t('settings.general.theme')}
      hint={t('settings.general.themeHint')}
      value={mode}
      onValueChange={setMode}
      options={[
        { value: 'light', label: t('settings.general.themeModes.light'), icon: <SunIcon size={16} /> },
        { value: 'dark', label: t('settings.general.themeModes.dark'), icon: <MoonIcon size={16} /> },
        { value: 'system', label: t('settings.general.themeModes.system'), icon: <MonitorIcon size={16} /> },
      ]}
    />
  );
}
