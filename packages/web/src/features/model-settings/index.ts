export { ChatDefaultsSectionLoader } from './ChatDefaultsSectionLoader';
export { ModelSettingsButton } from './ModelSettingsButton';
