export { PlayMessageButton } from './PlayMessageButton';
export { VoiceComposerSlot, type FinishedAnswers } from './VoiceComposerSlot';
export { VoiceSettingsSectionLoader } from './VoiceSettingsSectionLoader';
