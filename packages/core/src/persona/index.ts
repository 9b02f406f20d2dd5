export {
  currentProfile,
  PROFILE_PICTURE_MESSAGE,
  profileInitials,
  profilePictureURL,
  switchCurrentProfile,
  validateProfile,
} from './profile-rules';
export { isKnownFact, proposeMemoryFact, searchMemory } from './memory-proposal';
export {
  MEMORY_FACT_MAX_CHARS,
  memoryToolOutcome,
  SAVE_MEMORY_FUNCTION,
  saveMemoryTool,
  type MemoryToolOutcome,
} from './memory-tool';
