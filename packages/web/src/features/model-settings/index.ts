// Model settings: the open chat's model settings form (a lazy part) and Settings → Chat, the
// defaults for new chats.
export { ChatDefaultsSectionLoader } from './ChatDefaultsSectionLoader';
export { ModelSettingsButton } from './ModelSettingsButton';
