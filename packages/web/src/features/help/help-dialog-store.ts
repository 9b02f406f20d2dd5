import { create } from 'zustand';

/** The Help screen's pages: the user guide (README's "Using Parley"), the FAQ and the changelog. */
export type HelpPage = 'guide' | 'faq' | 'changelog';

type HelpDialogState = {
  isOpen: boolean;
  page: HelpPage;
  /** The element id of a section to show (a link to it opened the screen). */
  target?: string;
  open: (page?: HelpPage, target?: string) => void;
  show: (page: HelpPage) => void;
  close: () => void;
};

/** Open the Help screen from anywhere (the sidebar, the command palette, a link to a section). */
export const useHelpDialog = create<HelpDialogState>()((set) => ({
  isOpen: false,
  page: 'guide',
  open: (page = 'guide', target) => set({ isOpen: true, page, target }),
  show: (page) => set({ page, target: undefined }),
  close: () => set({ isOpen: false, target: undefined }),
}));

const LINK = /^#help-(guide|faq|changelog)(?:-[a-z0-9-]+)?$/;

/** The page and section a link such as "#help-guide-voice" names; undefined for other addresses. */
export function helpLinkTarget(hash: string): { page: HelpPage; target: string } | undefined {
  const match = LINK.exec(hash);
  if (!match?.[1]) return undefined;
  return { page: match[1] as HelpPage, target: hash.slice(1) };
}
