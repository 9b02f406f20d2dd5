export { PlayMessageButton } from './PlayMessageButton';
export { VoiceInputButton } from './VoiceInputButton';
export { useReadAnswerAloud } from './auto-read';
export { VoiceSettingsSectionLoader } from './VoiceSettingsSectionLoader';
