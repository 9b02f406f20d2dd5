import { Command } from 'cmdk';
import { useTranslation } from 'react-i18next';
import { availableLanguages, languageName } from '../../i18n';
import { useSyncedSetting } from '../../state';
import { CheckIcon } from '../../ui/icons/message';
import { useFeatureFlags } from '../license';

/** Whether the palette offers "Change language" (the deployment's changeUILanguage flag). */
export function useLanguageChoiceAllowed(): boolean {
  return useFeatureFlags((state) => state.flags.changeUILanguage);
}

/**
 * The palette's "Change language" page: every language by its own name, filtered by the query.
 * Choosing one saves the synced setting; the interface follows at once.
 */
export function LanguageCommands({
  matches,
  onDone,
}: {
  matches: (label: string) => boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = useSyncedSetting('language');
  const languages = availableLanguages().filter((code) => matches(`${languageName(code)} ${code}`));
  return (
    <Command.Group heading={t('palette.languagesGroup')}>
      {languages.map((code) => (
        <Command.Item
          key={code}
          value={`language-${code}`}
          lang={code}
          onSelect={() => {
            onDone();
            language.save(code).catch((error: unknown) => console.error('saving a setting failed', error));
          }}
          className="flex h-9 cursor-pointer items-center justify-between gap-2 rounded-lg px-3 text-sm text-fg aria-selected:bg-hover"
        >
          <span className="truncate">{languageName(code)}</span>
          {code === i18n.language && <CheckIcon size={14} className="shrink-0 text-fg-subtle" />}
        </Command.Item>
      ))}
    </Command.Group>
  );
}
