// Sidebar: the organised chat list (dates, pinned, folders, projects, tags, Recently Deleted), bulk
// actions and the row menus' dialogs. Part of the first screen; the bulk bar and the dialogs load
// after it. See CONTEXT.md.
export { OrganisedSidebar } from './OrganisedSidebar';
