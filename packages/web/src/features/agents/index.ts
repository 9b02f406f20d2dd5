// AI agents (the spec's Character): the screen to manage them, the pinned agents on the empty chat,
// and starting a chat with one. The screen's code loads when it is first opened.
export { AgentsDialogHost } from './AgentsDialogHost';
export { AgentsLink } from './AgentsLink';
export { useAgentsDialog } from './agents-dialog-store';
export { PinnedAgentsLoader } from './PinnedAgentsLoader';
