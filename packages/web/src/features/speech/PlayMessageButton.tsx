import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useAnchoredPopover } from '../../ui/anchored-popover';
import { cn } from '../../ui/cn';
import { IconButton } from '../../ui/IconButton';
import { BlockedFeatureNotice, useFeatureAccess } from '../license';
import { useLicense } from '../../state';
import { notify } from '../toasts';
import { browserSpeechSynthesis, speak } from './browser-speech';
import { SpeakerIcon, SpeechStopIcon as StopIcon } from '../../ui/icons/message';
import { useSpeakingOwner } from './speech-store';
import { speechTextFromMarkdown } from './speech-text';

function stopSpeaking(owner: string) {
  if (useSpeakingOwner.getState().owner !== owner) return;
  useSpeakingOwner.setState({ owner: undefined });
  browserSpeechSynthesis()?.cancel();
}

/**
 * "Play" on an assistant message: reads its text aloud with the browser's speech synthesis, a paid
 * feature (textToSpeech, Extended and up). Blocked, it shows why, with "Upgrade"; switched off by
 * the deployment (LI7), it is not shown.
 */
export function PlayMessageButton({
  text,
  className,
  buttonClassName = 'size-8',
}: {
  text: string;
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
  const speaking = useSpeakingOwner((store) => store.owner === owner);
  const [showBlocked, setShowBlocked] = useState(false);
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const blockedOpen = showBlocked && !access.allowed;
  const place = useAnchoredPopover(wrapperRef, blockedOpen, { width: 320 });

  useEffect(() => () => stopSpeaking(owner), [owner]);

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
    if (speaking) return stopSpeaking(owner);
    const synthesis = browserSpeechSynthesis();
    if (!synthesis) return void notify.error(t('speech.unsupported'));
    useSpeakingOwner.setState({ owner });
    speak(synthesis, speechTextFromMarkdown(text), {
      onEnd: () => stopSpeaking(owner),
      onError: (message) => {
        stopSpeaking(owner);
        notify.error(t('speech.failed', { message }));
      },
    });
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
