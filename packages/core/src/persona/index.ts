export {
  currentProfile,
  PROFILE_PICTURE_MESSAGE,
  profileInitials,
  profilePictureURL,
  switchCurrentProfile,
  validateProfile,
} from './profile-rules';
export { isKnownFact, proposeMemoryFact, searchMemory } from './memory-proposal';
