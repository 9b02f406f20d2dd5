import { create } from 'zustand';

/** What the Plugins screen shows: the list, the editor of one plugin ('new' or an id), or its settings. */
export type PluginsView =
  { kind: 'list' } | { kind: 'edit'; pluginId: string | 'new' } | { kind: 'settings'; pluginId: string };

type PluginsDialogState = {
  isOpen: boolean;
  view: PluginsView;
  open: (view?: PluginsView) => void;
  show: (view: PluginsView) => void;
  close: () => void;
};

const LIST: PluginsView = { kind: 'list' };

/** Open the Plugins screen from anywhere (the sidebar, the chat's plugins menu). */
export const usePluginsDialog = create<PluginsDialogState>()((set) => ({
  isOpen: false,
  view: LIST,
  open: (view = LIST) => set({ isOpen: true, view }),
  show: (view) => set({ view }),
  close: () => set({ isOpen: false, view: LIST }),
}));
