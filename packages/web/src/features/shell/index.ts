export { AppShell } from './AppShell';
export { EmptyChat } from './EmptyChat';
