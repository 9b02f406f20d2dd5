import { create } from 'zustand';
import type { SettingsSectionId } from './settings-section';

type SettingsDialogState = {
  isOpen: boolean;
  /** Section to show; undefined means the first one. */
  sectionId: SettingsSectionId | undefined;
  /** What the section should bring into view and focus (a provider's key in 'apiKeys'). */
  target: string | undefined;
  /**
   * Any feature may open Settings, at a given section ("add an API key" -> 'apiKeys'), and at a
   * given place in it (`target`: the provider whose key is missing).
   */
  open: (sectionId?: SettingsSectionId, target?: string) => void;
  showSection: (sectionId: SettingsSectionId) => void;
  close: () => void;
};

export const useSettingsDialog = create<SettingsDialogState>()((set) => ({
  isOpen: false,
  sectionId: undefined,
  target: undefined,
  open: (sectionId, target) => set({ isOpen: true, sectionId, target }),
  showSection: (sectionId) => set({ sectionId, target: undefined }),
  close: () => set({ isOpen: false }),
}));
