import { create } from 'zustand';

/** The Help screen's pages: the user guide (README's "Using Parley"), the FAQ and the changelog. */
export type HelpPage = 'guide' | 'faq' | 'changelog';

type HelpDialogState = {
  isOpen: boolean;
  page: HelpPage;
  /** The element id of a section to show (a link to it opened the screen). */
  target?: string;
  open: (page?: HelpPage) => void;
  /** Opens the section a link names: "#help-guide-voice", "#help-faq-…", "#help-changelog". */
  openLink: (hash: string) => void;
  show: (page: HelpPage) => void;
  close: () => void;
};

/** Open the Help screen from anywhere (the sidebar, the command palette, a link to a section). */
export const useHelpDialog = create<HelpDialogState>()((set) => ({
  isOpen: false,
  page: 'guide',
  open: (page = 'guide') => set({ isOpen: true, page, target: undefined }),
  openLink: (hash) =>
    set({
      isOpen: true,
      page: (/^#help-(faq|changelog)/.exec(hash)?.[1] as HelpPage | undefined) ?? 'guide',
      target: hash.slice(1),
    }),
  show: (page) => set({ page, target: undefined }),
  close: () => set({ isOpen: false, target: undefined }),
}));
