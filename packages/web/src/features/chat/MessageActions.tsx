import { messageText, type Message } from '@parley/core/entities';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { IconButton } from '../../ui/IconButton';
import { PlayMessageButton } from '../speech';
import {
  ChatTrashIcon as TrashIcon,
  CodeIcon,
  CopyIcon,
  EditIcon,
  ForkIcon,
  PinIcon,
} from '../../ui/icons/message';
import type { ChatActions } from './use-chat-actions';

export type MessageActionsProps = {
  message: Message;
  actions: ChatActions;
  raw: boolean;
  onToggleRaw: () => void;
  onEdit?: (() => void) | undefined;
  /** Actions that change the chat are off while an answer streams into it. */
  busy: boolean;
};

const buttonClasses = 'size-7 rounded-md';

/** Edit, Copy, Pin, Delete, Show Raw, Play, Fork Chat (spec section 2). */
export function MessageActions({ message, actions, raw, onToggleRaw, onEdit, busy }: MessageActionsProps) {
  const { t } = useTranslation();
  return (
    <div
      role="toolbar"
      aria-label={t('chat.message.actionsLabel')}
      className={cn(
        'flex items-center gap-0.5 text-fg-subtle',
        // Shown on hover or keyboard focus; always on touch screens, which cannot hover.
        'opacity-100 transition-opacity [@media(hover:hover)]:opacity-0',
        '[@media(hover:hover)]:group-focus-within/message:opacity-100 [@media(hover:hover)]:group-hover/message:opacity-100',
      )}
    >
      {onEdit && (
        <IconButton
          label={t('chat.message.edit')}
          icon={<EditIcon />}
          className={buttonClasses}
          onClick={onEdit}
          disabled={busy}
        />
      )}
      <IconButton
        label={t('chat.message.copy')}
        icon={<CopyIcon />}
        className={buttonClasses}
        onClick={() => actions.copyMessage(message)}
      />
      <IconButton
        label={message.pinned ? t('chat.message.unpin') : t('chat.message.pin')}
        icon={<PinIcon />}
        className={cn(buttonClasses, message.pinned && 'text-accent')}
        aria-pressed={!!message.pinned}
        onClick={() => actions.togglePin(message.id)}
        disabled={busy}
      />
      <IconButton
        label={t('chat.message.delete')}
        icon={<TrashIcon />}
        className={buttonClasses}
        onClick={() => actions.deleteMessage(message.id)}
        disabled={busy}
      />
      <IconButton
        label={raw ? t('chat.message.showFormatted') : t('chat.message.showRaw')}
        icon={<CodeIcon />}
        className={buttonClasses}
        aria-pressed={raw}
        onClick={onToggleRaw}
      />
      <PlayMessageButton text={messageText(message)} messageId={message.id} buttonClassName={buttonClasses} />
      <IconButton
        label={t('chat.message.fork')}
        icon={<ForkIcon />}
        className={buttonClasses}
        onClick={() => actions.fork(message.id)}
        disabled={busy}
      />
    </div>
  );
}
