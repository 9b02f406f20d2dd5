import type { FeatureFlags } from '@parley/core/license';
import type { HelpSection } from './help-text';

/**
 * The guide sections and FAQ answers about a feature a host can turn off (parley.config.json), by
 * their anchor ids: while the flag is off the section is not shown, searched or given to the support
 * bot, so help never describes a feature this copy does not have.
 */
const shownBy: Readonly<Record<string, (flags: FeatureFlags) => boolean>> = {
  // README "Using Parley"
  'documents-and-images': (flags) => flags.uploadDocument,
  voice: (flags) => flags.voiceInput || flags.textToSpeech,
  'ai-agents': (flags) => flags.pickCharacters,
  plugins: (flags) => flags.usePlugins,
  'plugins-and-tools': (flags) => flags.usePlugins || flags.webSearch,
  language: (flags) => flags.changeUILanguage,
  'cloud-sync-and-backup': (flags) => flags.syncToCloud,
  'share-a-chat': (flags) => flags.externalShare,
  // docs/FAQ.md
  'how-do-i-sync-my-chats-between-devices': (flags) => flags.syncToCloud,
  'how-do-i-change-the-language': (flags) => flags.changeUILanguage,
};

/** The sections whose feature is on; the ids this table names are checked by a test. */
export function sectionsShown(sections: readonly HelpSection[], flags: FeatureFlags): HelpSection[] {
  return sections.filter((section) => shownBy[section.id]?.(flags) ?? true);
}

/** The anchor ids the table names (a test checks each is a real section). */
export const FLAGGED_SECTION_IDS: readonly string[] = Object.keys(shownBy);
