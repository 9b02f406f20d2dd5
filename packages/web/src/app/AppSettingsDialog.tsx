import { useMemo } from 'react';
import { useAdminPanelShown } from '../features/admin';
import { SettingsDialog } from '../features/settings';
import { settingsSections } from './settings-sections';

export { preloadSections } from './settings-sections';

/** The Settings dialog with the app's sections (loaded on demand by SettingsDialogHost). */
export default function AppSettingsDialog() {
  // Admin is listed only for an admin or content-moderator of the organisation's server.
  const adminShown = useAdminPanelShown();
  const sections = useMemo(
    () => settingsSections.filter((section) => section.id !== 'admin' || adminShown),
    [adminShown],
  );
  return <SettingsDialog sections={sections} />;
}
