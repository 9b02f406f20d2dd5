import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useAnchoredPopover } from '../../ui/anchored-popover';
import { cn } from '../../ui/cn';
import { IconButton } from '../../ui/IconButton';
import { BlockedFeatureNotice, useFeatureAccess } from '../license';
import { useKeyVaultStore, useLicense, usePlatformServices } from '../../state';
import { PauseIcon, SpeakerIcon, SpeechStopIcon as StopIcon } from '../../ui/icons/message';
import { stopSpeaking, useSpeakingOwner } from './speech-store';
import { pauseSpeaking, readAloud, resumeSpeaking } from './read-aloud';

const SPEAKING_ROW_CLASSES = ['rounded-xl', 'bg-accent-soft/40', 'ring-1', 'ring-accent/40', '-mx-2', 'px-2'];

/**
 * "Play" on an assistant message: reads its text aloud with the engine of Voice settings (the
 * browser, OpenAI or ElevenLabs), a paid feature (textToSpeech, Extended and up); while it reads,
 * Stop and Pause/Resume. Blocked, it shows why, with "Upgrade"; switched off by
 * the deployment (LI7), it is not shown.
 */
export function PlayMessageButton({
  text,
  messageId,
  className,
  buttonClassName = 'size-8',
}: {
  text: string;
  /** The message read: its row is highlighted while it speaks. */
  messageId?: string | undefined;
  className?: string;
  /** Size and colour of the icon button, to match the toolbar it sits in. */
  buttonClassName?: string;
}) {
  const { t } = useTranslation();
  const access = useFeatureAccess('textToSpeech');
  // While the stored license is still being verified, a click waits for the answer instead of
  // showing "Upgrade" to someone who has a license.
  const { loading: checkingLicense } = useLicense();
  const owner = useId();
  // This message is being read: by this button, or by "read answers aloud".
  const mine = (store: { owner: string | undefined; messageId: string | undefined }) =>
    store.owner === owner || (messageId !== undefined && store.messageId === messageId);
  const speaking = useSpeakingOwner(mine);
  const paused = useSpeakingOwner((store) => mine(store) && store.paused);
  const canPause = useSpeakingOwner((store) => mine(store) && store.control !== undefined);
  const { store, fetch } = usePlatformServices();
  const vault = useKeyVaultStore();
  const [showBlocked, setShowBlocked] = useState(false);
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const blockedOpen = showBlocked && !access.allowed;
  const place = useAnchoredPopover(wrapperRef, blockedOpen, { width: 320 });

  useEffect(() => () => stopSpeaking(owner), [owner]);

  // The message being read is highlighted (its row, found from here: the row belongs to the chat).
  useEffect(() => {
    const row = speaking ? wrapperRef.current?.closest('article') : null;
    if (!row) return;
    row.classList.add(...SPEAKING_ROW_CLASSES);
    row.setAttribute('data-speaking', 'true');
    return () => {
      row.classList.remove(...SPEAKING_ROW_CLASSES);
      row.removeAttribute('data-speaking');
    };
  }, [speaking]);

  useEffect(() => {
    if (!showBlocked) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !wrapperRef.current?.contains(event.target as Node) &&
            !popoverRef.current?.contains(event.target as Node)
      )
        setShowBlocked(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [showBlocked]);

  if (!access.allowed && access.reason === 'disabled') return null;

  const onClick = () => {
    if (!access.allowed && checkingLicense) return;
    if (!access.allowed) return setShowBlocked((open) => !open);
    if (speaking) return stopSpeaking();
    readAloud({ owner, messageId, markdown: text, store, vault: vault.getState, fetch, t }).catch(
      (error: unknown) => {
        console.error('reading aloud failed', error);
        stopSpeaking(owner);
      },
    );
  };

  return (
    <span ref={wrapperRef} className={cn('relative inline-flex', className)}>
      <IconButton
        label={speaking ? t('speech.stop') : t('speech.play')}
        icon={speaking ? <StopIcon /> : <SpeakerIcon />}
        className={buttonClassName}
        aria-expanded={access.allowed ? undefined : showBlocked}
        onClick={onClick}
      />
      {speaking && (
        <span className="sr-only" role="status">
          {t('speech.speaking')}
        </span>
      )}
      {speaking && canPause && (
        <IconButton
          label={paused ? t('speech.resume') : t('speech.pause')}
          icon={paused ? <SpeakerIcon /> : <PauseIcon />}
          className={buttonClassName}
          onClick={() => (paused ? resumeSpeaking() : pauseSpeaking())}
        />
      )}
      {/* In a portal: a message row is moved by a transform, which would make "fixed" relative to it. */}
      {blockedOpen &&
        place &&
        createPortal(
          <div ref={popoverRef} style={place} className="z-30">
            <BlockedFeatureNotice
              result={access}
              className="bg-raised shadow-popover"
              onUpgrade={() => setShowBlocked(false)}
            />
          </div>,
          document.body,
        )}
    </span>
  );
}
