import { useTranslation } from 'react-i18next';
import { BookIcon } from '../../ui/icons/persona';
import { usePromptUi } from './prompt-ui-store';

/** The sidebar's entry to the prompt library. */
export function PromptLibraryButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => usePromptUi.getState().openLibrary()}
      className="flex h-9 w-full items-center gap-2.5 rounded-lg px-2.5 text-sm text-fg transition-colors hover:bg-hover"
    >
      <BookIcon size={16} className="text-fg-muted" />
      {t('prompts.library.open')}
    </button>
  );
}
