/** Defaults more than one entity shares (spec section 9). */
/** The model of a chat stored without one (spec section 9: gpt-4-turbo), as old data expects. */
export const DEFAULT_MODEL_ID = 'gpt-4-turbo';
/** The default model of new chats (defaultModel): a current one (decision 0032), named by models. */
export { NEW_CHAT_MODEL_ID } from '../models';
export const DEFAULT_SYSTEM_MESSAGE = 'You are a helpful AI assistant.';
export const DEFAULT_CHAT_TITLE = 'Untitled Chat';
export const EXAMPLE_CHAT_TITLE_PREFIX = '(Example)';
/** Chat summaries preview this many characters of the last user or assistant message. */
export const CHAT_PREVIEW_LENGTH = 50;
export const CHAT_ID_PREFIX = 'ch-';
export const CHARACTER_ID_PREFIX = 'character-';
/** Ids of this form belong to the agents Parley ships (agents/SPEC AG7, AG9): stored data never takes one. */
export const BUILT_IN_CHARACTER_ID_PREFIX = 'character-parley-';
export const MESSAGE_ID_PREFIX = 'msg-';
