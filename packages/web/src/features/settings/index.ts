// Settings: the dialog frame and its store, the General section, and the section type other
// features fill (app/settings-sections.tsx lists them).
export { GeneralSection } from './GeneralSection';
export { SettingsDialog } from './SettingsDialog';
export { useSettingsDialog } from './settings-dialog-store';
export type { SettingsSection, SettingsSectionId } from './settings-section';
