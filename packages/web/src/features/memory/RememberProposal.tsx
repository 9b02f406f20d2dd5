import { lazyPart, useSyncedSetting } from '../../state';

// The proposal and the fact detection load once memory is on, not with every first screen (decision 0141).
const Proposal = lazyPart(() => import('./MemoryProposal'), {
  pick: (module) => module.Proposal,
  strings: 'conversation',
});

/**
 * "Remember this?" under the last answer: with global memory on, when the user's last message
 * states a fact about them (MP1-MP4), offer to keep it. Shown once per message (answered or not).
 */
export function RememberProposal() {
  const memoryOn = useSyncedSetting('enableGlobalMemory').value;
  return memoryOn ? <Proposal /> : null;
}
