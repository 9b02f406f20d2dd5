// The admin panel (issue #37): Settings → Admin, shown only to an admin or content-moderator of the
// organisation's Parley server. Its code and strings are a chunk of their own, loaded when opened.
export { AdminSection } from './AdminSection';
export { useAdminPanelShown } from './admin-access';
