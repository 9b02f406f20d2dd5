import { lazyPart } from '../../state';
import type { FinishedAnswers } from './voice-composer-parts';

export type { FinishedAnswers };

/**
 * Where the composer shows the microphone (and, invisibly, where finished answers are read aloud
 * when Voice settings say so). The microphone and "read answers aloud" are a chunk of their own
 * (with the voice strings), fetched after the first screen: the first load does not carry them
 * (decision 0086). Empty until it has arrived.
 */
export const VoiceComposerSlot = lazyPart(() => import('./voice-composer-parts'), {
  strings: 'voice',
  pick: (module) => module.VoiceComposerParts,
  background: true,
});
