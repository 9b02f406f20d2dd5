import { useEffect } from 'react';
import { useReadAnswerAloud } from './auto-read';
import { VoiceInputButton } from './VoiceInputButton';

/** Calls `listener` with each answer of the open chat once it is complete; returns the unsubscribe. */
export type FinishedAnswers = (listener: (messageId: string, markdown: string) => void) => () => void;

/** The composer's voice parts: the microphone, and reading finished answers aloud. */
export function VoiceComposerParts({
  onText,
  finishedAnswers,
}: {
  onText: (text: string, sendNow: boolean) => void;
  finishedAnswers: FinishedAnswers;
}) {
  const readAloud = useReadAnswerAloud();
  useEffect(() => finishedAnswers(readAloud), [finishedAnswers, readAloud]);
  return <VoiceInputButton onText={onText} />;
}
