import { create } from 'zustand';
import { NO_TAG_FILTER, type TagFilter } from '../organise';
import type { SidebarView } from './sidebar-rows';

interface SidebarUiState {
  view: SidebarView;
  tagFilter: TagFilter;
  expandedFolders: ReadonlySet<string>;
  selecting: boolean;
  selected: ReadonlySet<string>;
  /** The last chat clicked in Select mode: Shift-click selects the range from it. */
  anchor: string | null;
  setView(view: SidebarView): void;
  setTagFilter(filter: TagFilter): void;
  toggleFolder(folderId: string, expanded?: boolean): void;
  setSelecting(selecting: boolean): void;
  /** Click: only this one; toggle (Ctrl/Cmd): add or remove; range (Shift): anchor..id in `order`. */
  select(id: string, how: 'only' | 'toggle' | 'range', order: readonly string[]): void;
  selectAll(ids: readonly string[]): void;
  clearSelection(): void;
}

export const useSidebarUi = create<SidebarUiState>()((set, get) => ({
  view: 'chats',
  tagFilter: NO_TAG_FILTER,
  expandedFolders: new Set(),
  selecting: false,
  selected: new Set(),
  anchor: null,
  setView: (view) => set({ view, selected: new Set(), anchor: null }),
  setTagFilter: (tagFilter) => set({ tagFilter }),
  toggleFolder(folderId, expanded) {
    const next = new Set(get().expandedFolders);
    const open = expanded ?? !next.has(folderId);
    if (open) next.add(folderId);
    else next.delete(folderId);
    set({ expandedFolders: next });
  },
  setSelecting: (selecting) => set({ selecting, selected: new Set(), anchor: null }),
  select(id, how, order) {
    const { selected, anchor } = get();
    if (how === 'range' && anchor !== null) {
      const from = order.indexOf(anchor);
      const to = order.indexOf(id);
      if (from >= 0 && to >= 0) {
        const next = new Set(selected);
        for (let i = Math.min(from, to); i <= Math.max(from, to); i++) next.add(order[i] as string);
        set({ selected: next });
        return;
      }
    }
    if (how === 'toggle' || how === 'only') {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      set({ selected: how === 'only' && !selected.has(id) ? new Set([...selected, id]) : next, anchor: id });
    }
  },
  selectAll: (ids) => set({ selected: new Set(ids) }),
  clearSelection: () => set({ selected: new Set(), anchor: null }),
}));
