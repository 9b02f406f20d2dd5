// AI agents (the spec's Character): the screen to manage them, the pinned agents on the empty chat,
// and starting a chat with one; the context source that calls an agent chat's endpoints before each
// answer. The screen's code loads when it is first opened.
export { AgentsDialogHost } from './AgentsDialogHost';
export { AgentsLink } from './AgentsLink';
export { useAgentsDialog } from './agents-dialog-store';
export { PinnedAgentsLoader } from './PinnedAgentsLoader';
export { endpointContextSource, type EndpointContextDeps } from './endpoint-context';
