import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { AlertIcon } from '../../ui/icons/chat';

/** In place of a chat whose messages could not be rendered (decision 0068); the app goes on. */
export function ChatRenderFailure({ onNewChat }: { onNewChat: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-4 sm:px-6">
      <div role="alert" className="mx-auto mt-16 flex max-w-md flex-col items-center gap-2 text-center">
        <AlertIcon size={24} className="text-danger" />
        <p className="font-medium text-fg">{t('chat.renderFailed.title')}</p>
        <p className="text-sm text-fg-muted">{t('chat.renderFailed.body')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={onNewChat}>
          {t('chat.actions.newChat')}
        </Button>
      </div>
    </div>
  );
}
