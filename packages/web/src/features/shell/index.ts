// Shell: the app's frame (sidebar and main area; on a phone the sidebar covers the chat and gets out of the way) and the empty chat screen.
export { AppShell } from './AppShell';
export { EmptyChat } from './EmptyChat';
