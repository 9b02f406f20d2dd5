// Profiles: who the user is to the model (spec "User profile"). The Settings section is a lazy
// chunk; the sidebar switcher is small and always there. Its context source puts the current
// profile into each answer.
export { ProfileSwitcher } from './ProfileSwitcher';
export { ProfilesSectionLoader } from './ProfilesSectionLoader';
export { profileContextSource } from './profile-context';
