export { FollowLanguageSetting } from './FollowLanguageSetting';
export { LanguageSetting } from './LanguageSetting';
export { LanguageCommands, useLanguageChoiceAllowed } from './LanguageCommands';
export { startLanguage } from './language-choice';
