import { create } from 'zustand';
import type { SettingsSectionId } from './settings-section';

type SettingsDialogState = {
  isOpen: boolean;
  /** Section to show; undefined means the first one. */
  sectionId: SettingsSectionId | undefined;
  /** Any feature may open Settings, at a given section ("add an API key" -> 'apiKeys'). */
  open: (sectionId?: SettingsSectionId) => void;
  showSection: (sectionId: SettingsSectionId) => void;
  close: () => void;
};

export const useSettingsDialog = create<SettingsDialogState>()((set) => ({
  isOpen: false,
  sectionId: undefined,
  open: (sectionId) => set({ isOpen: true, sectionId }),
  showSection: (sectionId) => set({ sectionId }),
  close: () => set({ isOpen: false }),
}));
