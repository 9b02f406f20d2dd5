import { useEffect } from 'react';
import { afterFirstScreen, deferred, retryingImport, useDeferred, withStrings } from '../../state';
import type { FinishedAnswers } from './voice-composer-parts';

// The microphone and "read answers aloud" are a chunk of their own (with the voice strings),
// fetched after the first screen: the first load does not carry them (decision 0086).
const voiceParts = deferred(() =>
  withStrings('voice', () => retryingImport(() => import('./voice-composer-parts'))),
);

export type { FinishedAnswers };

/**
 * Where the composer shows the microphone (and, invisibly, where finished answers are read aloud
 * when Voice settings say so). Empty until its chunk has arrived after the first screen.
 */
export function VoiceComposerSlot(props: {
  onText: (text: string, sendNow: boolean) => void;
  finishedAnswers: FinishedAnswers;
}) {
  const parts = useDeferred(voiceParts);
  useEffect(() => afterFirstScreen(() => void voiceParts.load().catch(() => undefined)), []);
  return parts ? <parts.VoiceComposerParts {...props} /> : null;
}
