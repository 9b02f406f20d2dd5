import { useMemo } from 'react';
import { useAdminPanelShown } from '../features/admin';
import { useFeatureFlags } from '../features/license';
import { SettingsDialog } from '../features/settings';
import { useHostSettings } from '../state';
import { settingsSections } from './settings-sections';

export { preloadSections } from './settings-sections';

/** The Settings dialog with the app's sections (loaded on demand by SettingsDialogHost). */
export default function AppSettingsDialog() {
  // Admin is listed only for an admin or content-moderator of the organisation's server.
  const adminShown = useAdminPanelShown();
  // A section whose feature the host turned off (parley.config.json) is not listed.
  const flags = useFeatureFlags((state) => state.flags);
  // Extensions come from the host's file only (decision 0140): no section without one.
  const hasExtensions = useHostSettings((host) => (host.extensions ?? []).length > 0);
  const sections = useMemo(
    () =>
      settingsSections.filter(
        (section) =>
          (section.id !== 'admin' || adminShown) &&
          (section.id !== 'extensions' || hasExtensions) &&
          (section.shown?.(flags) ?? true),
      ),
    [adminShown, hasExtensions, flags],
  );
  return <SettingsDialog sections={sections} />;
}
