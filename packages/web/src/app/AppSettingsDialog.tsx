import { SettingsDialog } from '../features/settings';
import { settingsSections } from './settings-sections';

export { preloadSections } from './settings-sections';

/** The Settings dialog with the app's sections (loaded on demand by SettingsDialogHost). */
export default function AppSettingsDialog() {
  return <SettingsDialog sections={settingsSections} />;
}
