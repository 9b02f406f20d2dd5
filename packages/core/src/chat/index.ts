/**
 * `@parley/core/chat`: the pure logic of a conversation: the request of its next answer (system
 * message, context window, settings), the edits the chat actions make, titles, keywords, usage and
 * cost of answers. Rules: ./SPEC.md.
 */
export { DEFAULT_SYSTEM_MESSAGE, DETAILED_SYSTEM_PROMPT, fillPromptPlaceholders } from './system-prompt';
export type { PromptContext } from './system-prompt';
export {
  withChatModelSettings,
  effectiveModelSettings,
  MODEL_SETTING_DEFAULT_KEYS,
} from './chat-model-settings';
export type {
  ModelSettingDefaults,
  ModelSettingDefaultKey,
  EffectiveModelSettings,
} from './chat-model-settings';
export {
  newMessage,
  newMessageId,
  newUserMessage,
  newContextBoundary,
  isContextBoundary,
  isFailedEmptyAnswer,
} from './chat-messages';
export type { MessageDeps } from './chat-messages';
export { DEFAULT_ANSWER_RESERVE, messagesAfterBoundary, tokenBudget, selectContext } from './context-window';
export type { ContextSelection, ContextOptions } from './context-window';
export { isModelLocked, newAgentChat } from './agent-chat';
export {
  assembleSystemContext,
  MEMORY_CONTEXT_SHARE,
  MEMORY_TOKEN_CAP,
  projectContextOf,
  SECTION_TITLES,
  selectMemory,
} from './system-context';
export type { PersonaInput, SystemContext } from './system-context';
export { resolveChatModel, systemTextOf, toMessageInput, planChatRequest } from './chat-request-builder';
export { gatherContext, planAnswerRequest } from './answer-context';
export type {
  ContextFailure,
  ContextPart,
  ContextRequest,
  ContextSource,
  EndpointOff,
  GatheredContext,
} from './answer-context';
export type {
  ChatRequestSettings,
  ChatRequestInput,
  ChatRequestPlan,
  ProviderAccessInput,
} from './chat-request-builder';
export {
  appendToPath,
  branchToDelete,
  chatPath,
  chatUpTo,
  clearContext,
  deleteMessage,
  editAsBranch,
  withAttachmentsOf,
  forkChat,
  isDeletedMessage,
  lastUserMessage,
  regenerateTarget,
  resetChat,
  restoreDeletedMessages,
  switchBranch,
  togglePinned,
  upsertMessage,
} from './chat-edits';
export type { AnswerTarget, DeletedBranch } from './chat-edits';
export {
  ancestorsOf,
  buildMessageTree,
  descendantsOf,
  latestLeafUnder,
  selectedPathOf,
  siblingsOf,
} from './message-tree';
export type { MessageTree } from './message-tree';
/** MG12, for saving a selection made on screen the way sync merges it. */
export { mergeSelectedPath } from '../sync';
export {
  STOPPED_FINISH,
  INTERRUPTED_FINISH,
  answerUsage,
  toMessageUsage,
  answerMessage,
  partialAnswerMessage,
  usageCost,
  answerUsageRecord,
} from './answer-message';
export type { AnswerOutcome, UsageCostInput, AnswerUsageRecordInput } from './answer-message';
export { buildHelpRequest, readHelpAnswer, type HelpTextSection } from './help-request';
export {
  applySelectionEdit,
  buildSelectionEditRequest,
  canvasEditNote,
  clampSelection,
  isCanvasEditNote,
  readSelectionReplacement,
  type CanvasEditDocument,
  type SelectionEditRequest,
  type TextSelection,
} from './canvas-edit';
export {
  TITLE_MAX_LENGTH,
  wantsAutomaticTitle,
  buildTitleRequest,
  cleanTitle,
  provisionalTitle,
  hasPlaceholderTitle,
  withProvisionalTitle,
} from './title-request';
export {
  KEYWORDS_MIN_ANSWER_LENGTH,
  MAX_KEYWORDS,
  KEYWORD_MAX_LENGTH,
  wantsKeywords,
  buildKeywordsRequest,
  parseKeywords,
} from './keywords-request';
export {
  APP_CODE_MISSING_CODE,
  canContinueAfter,
  chatErrorKinds,
  chatErrorKind,
  failureCode,
  UNREACHABLE_CODE,
} from './chat-error';
export type { ChatErrorKind } from './chat-error';
export { canContinueAnswer } from './continue-request';
export { shareSnapshotOf, type ShareSnapshot } from './share-snapshot';
export {
  MAX_COMPARED_MODELS,
  chatForColumn,
  comparedModels,
  comparisonOf,
  continueWithAnswer,
  startComparison,
  withoutComparison,
  type ComparisonStart,
  type ContinuingModel,
} from './model-comparison';
