// Language: choosing the app's language, keeping the interface in the synced choice without a
// reload, the palette's language commands, and the language read at start.
export { FollowLanguageSetting } from './FollowLanguageSetting';
export { LanguageSetting } from './LanguageSetting';
export { LanguageCommands, useLanguageChoiceAllowed } from './LanguageCommands';
export { startLanguage } from './language-choice';
