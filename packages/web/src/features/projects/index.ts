// Projects (decision 0104): named groups of chats with their own instructions and default model or
// agent. The door offers the host of the project page and dialogs (lazily loaded), the store that
// opens them, the actions the sidebar's rows run, and the context source that tells a project's
// chats its instructions (registered in app/answer-sources.ts).
export { projectContextSource } from './project-context';
export { ProjectsHost } from './ProjectsHost';
export { useProjectUi, type ProjectView } from './project-ui-store';
export { useProjectActions, type ProjectActions } from './use-project-actions';
