// Voice: read-aloud buttons, the composer's microphone slot (a chunk after the first screen), the
// chat's auto-read switch and the Voice section of Settings (decisions 0086, 0087). See CONTEXT.md.
export { PlayMessageButton } from './PlayMessageButton';
export { VoiceComposerSlot, type FinishedAnswers } from './VoiceComposerSlot';
export { ChatAutoReadSlot } from './ChatAutoReadSlot';
export { VoiceSettingsSectionLoader } from './VoiceSettingsSectionLoader';
