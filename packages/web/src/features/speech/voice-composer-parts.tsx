import { useEffect } from 'react';
import { useReadAnswerAloud } from './auto-read';
import { talkAnswered } from './talk-mode';
import { TalkButton } from './TalkButton';
import { VoiceInputButton } from './VoiceInputButton';

/**
 * Calls `listener` with each answer of the open chat once it is complete, with the chat's own
 * "read answers aloud" choice (null: as Voice settings say); returns the unsubscribe.
 */
export type FinishedAnswers = (
  listener: (messageId: string, markdown: string, chatAutoRead: boolean | null) => void,
) => () => void;

/** The composer's voice parts: the microphone, talk mode, and reading finished answers aloud. */
export function VoiceComposerParts({
  onText,
  finishedAnswers,
}: {
  onText: (text: string, sendNow: boolean) => void;
  finishedAnswers: FinishedAnswers;
}) {
  const readAloud = useReadAnswerAloud();
  // In talk mode the mode reads the answer itself; otherwise "read answers aloud" decides.
  useEffect(
    () =>
      finishedAnswers((messageId, markdown, chatAutoRead) => {
        if (!talkAnswered(messageId, markdown)) readAloud(messageId, markdown, chatAutoRead);
      }),
    [finishedAnswers, readAloud],
  );
  return (
    <>
      <VoiceInputButton onText={onText} />
      <TalkButton send={(words) => onText(words, true)} />
    </>
  );
}
