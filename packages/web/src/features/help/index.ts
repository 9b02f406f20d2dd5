// Help inside the app: the user guide (README's "Using Parley"), the FAQ and the changelog, on one
// screen that loads with its texts when first opened; the sidebar link and the store the palette opens.
export { HelpDialogHost } from './HelpDialogHost';
export { HelpLink } from './HelpLink';
export { useHelpDialog, type HelpPage } from './help-dialog-store';
