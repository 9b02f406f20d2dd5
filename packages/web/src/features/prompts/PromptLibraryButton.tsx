import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { BookIcon } from '../../ui/icons/persona';
import { useFeatureFlags } from '../license';
import { usePromptUi } from './prompt-ui-store';

/** The sidebar's way to the prompt library (beside AI agents). */
export function PromptLibraryButton() {
  const { t } = useTranslation();
  const enabled = useFeatureFlags((state) => state.flags.promptLibrary);
  if (!enabled) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="w-full justify-start"
      icon={<BookIcon size={16} />}
      onClick={() => usePromptUi.getState().openLibrary()}
    >
      {t('prompts.library.open')}
    </Button>
  );
}
