import { create } from 'zustand';

/** What a running read-aloud can be told: one message speaks at a time, app-wide. */
export type SpeechControl = { stop: () => void; pause: () => void; resume: () => void };

type SpeakingState = {
  /** The Play button (or auto-read) that is speaking. */
  owner: string | undefined;
  /** The message being read, highlighted in the list. */
  messageId: string | undefined;
  paused: boolean;
  control: SpeechControl | undefined;
};

export const useSpeakingOwner = create<SpeakingState>()(() => ({
  owner: undefined,
  messageId: undefined,
  paused: false,
  control: undefined,
}));

/** Stops whatever is being read (or only `owner`'s reading, when given). */
export function stopSpeaking(owner?: string): void {
  const state = useSpeakingOwner.getState();
  if (owner !== undefined && state.owner !== owner) return;
  useSpeakingOwner.setState({ owner: undefined, messageId: undefined, paused: false, control: undefined });
  state.control?.stop();
}

/** Whether `messageId` is the message being read aloud (its row is highlighted). */
export function useIsSpeaking(messageId: string | undefined): boolean {
  return useSpeakingOwner((state) => messageId !== undefined && state.messageId === messageId);
}
