export { GeneralSection } from './GeneralSection';
export { SettingsDialog } from './SettingsDialog';
export { useSettingsDialog } from './settings-dialog-store';
export type { SettingsSection, SettingsSectionId } from './settings-section';
