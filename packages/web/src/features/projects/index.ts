// Projects (decision 0104): named groups of chats with their own instructions and default model or
// agent. The door offers the host of the project page and dialogs (lazily loaded), the store that
// opens them or asks for an action (run by the lazy part), and the context source that tells a
// project's chats its instructions (registered in app/answer-sources.ts).
export { projectContextSource } from './project-context';
export { ProjectsHost } from './ProjectsHost';
export { useProjectUi, type ProjectView } from './project-ui-store';
