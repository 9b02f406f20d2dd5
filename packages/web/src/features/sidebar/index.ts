export { OrganisedSidebar } from './OrganisedSidebar';
