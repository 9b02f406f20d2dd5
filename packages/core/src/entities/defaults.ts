/** Defaults more than one entity shares (spec section 9). */
export const DEFAULT_MODEL_ID = 'gpt-4-turbo';
export const DEFAULT_SYSTEM_MESSAGE = 'You are a helpful AI assistant.';
export const DEFAULT_CHAT_TITLE = 'Untitled Chat';
export const EXAMPLE_CHAT_TITLE_PREFIX = '(Example)';
/** Chat summaries preview this many characters of the last user or assistant message. */
export const CHAT_PREVIEW_LENGTH = 50;
export const CHAT_ID_PREFIX = 'ch-';
export const CHARACTER_ID_PREFIX = 'character-';
export const MESSAGE_ID_PREFIX = 'msg-';
