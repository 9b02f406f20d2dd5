import { create } from 'zustand';

/** Which Play button is speaking: the browser speaks one utterance at a time, app-wide. */
export const useSpeakingOwner = create<{ owner: string | undefined }>()(() => ({ owner: undefined }));
