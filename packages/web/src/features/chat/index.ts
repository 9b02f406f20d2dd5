// The chat: the open chat, sending and streaming answers, and the chat view. Other features come
// here only for the chat itself; settings, keys, the license and lazy loading are in src/state.
export { ChatView } from './ChatView';
export { insertIntoComposer, onComposerInsert, type SlashMenu, type SlashMenuProps } from './composer-bridge';
export {
  activeChatPref,
  forgetCrashedChat,
  markChatCrashed,
  readRememberedChatEarly,
} from './active-chat-store';
export { showAnswerFailure } from './answer-failure';
export { createAnswerSources, type AnswerSources } from './answer-sources';
export {
  setAnswerAddon,
  setAnswerCitationLinks,
  type AnswerAddon,
  type AnswerAddonProps,
} from './answer-addon';
export { chatCommands } from './chat-commands';
export {
  ChatRuntimeProvider,
  createChatRuntime,
  useActiveChat,
  useChatNotice,
  useChatRuntime,
  useModelChoiceRequest,
  type ChatRuntime,
  type ChatRuntimeOptions,
} from './chat-runtime';
export { useMessageFocus } from './message-focus';
export { preloadRememberedChatView } from './message-list-part';
export {
  addPendingAttachment,
  setPendingAttachments,
  useComposerAttachments,
  usePendingAttachments,
  type ComposerAddon,
  type ComposerAddonProps,
  type PendingAttachment,
} from './composer-attachments';
export { rememberAttachmentUrl } from './attachment-urls';
export { LazyToolImageCard } from './lazy-tool-image-card';
export {
  loadAttachment,
  onRemoteAttachmentsChange,
  setRemoteAttachments,
  type RemoteAttachmentFetch,
} from './attachment-source';
export { AttachmentChip } from './AttachmentChip';
export { addComparedModel, useComparedWith } from './compare-models-store';
