import { INTERRUPTED_FINISH, STOPPED_FINISH } from '@parley/core/chat';
import { messageText, type Message } from '@parley/core/entities';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { AlertIcon } from '../../ui/icons/chat';

/** Finishes that leave an answer short or empty for a reason the user cannot see in the text. */
const explainedFinishes = ['length', INTERRUPTED_FINISH, 'content_filter', 'refusal'] as const;
type ExplainedFinish = (typeof explainedFinishes)[number] | 'empty';

export function explainedFinish(message: Message): ExplainedFinish | null {
  if (message.role !== 'assistant' || message.error || message.finish === STOPPED_FINISH) return null;
  const known = explainedFinishes.find((finish) => finish === message.finish);
  if (known) return known;
  // A finished answer with nothing to show (no text, no tool call) would look like a glitch.
  const empty = messageText(message).trim() === '' && !message.tool_calls?.length;
  return empty && message.finish ? 'empty' : null;
}

/**
 * Says why an answer ended early: the max-tokens limit, a tab closed or reloaded mid-answer (AN5),
 * the provider's content filter, or the model declining. Without it a cut answer looks like a bug and an empty one like a hang. A cut
 * answer can be continued (RQ4) when `onContinue` is given: the app gives it on the chat's last
 * message while nothing streams.
 */
export function FinishNotice({ message, onContinue }: { message: Message; onContinue?: () => void }) {
  const { t } = useTranslation();
  const finish = explainedFinish(message);
  if (!finish) return null;
  return (
    <div
      role="note"
      className="mt-2 flex items-start gap-2 rounded-lg border border-line bg-sunken px-3 py-2 text-[13px] text-fg-muted"
    >
      <AlertIcon size={15} className="mt-0.5 shrink-0 text-fg-subtle" />
      <div className="min-w-0 flex-1">
        <p>{t(`chat.finish.${finish}`)}</p>
        {(finish === 'length' || finish === INTERRUPTED_FINISH) && onContinue && (
          <Button size="sm" variant="secondary" className="mt-2" onClick={onContinue}>
            {t('chat.finish.continue')}
          </Button>
        )}
      </div>
    </div>
  );
}
