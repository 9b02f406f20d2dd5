import type { StoragePort } from '@parley/core/storage';
import type { TFunction } from 'i18next';
import { create } from 'zustand';
import type { KeyVaultState } from '../../state';
import { readAloud } from './read-aloud';
import { stopSpeaking } from './speech-store';
import { startDictation } from './voice-input-start';
import { useVoiceInput } from './voice-input-store';
import { openMicrophone, releaseMicrophone, watchLevel } from './voice-recorder';

/**
 * Talk mode, hands-free: listen, send when the user stops speaking, read the answer aloud, listen
 * again. Speaking while the answer is read stops the reading and starts the next turn (barge-in,
 * from the microphone's level). Ending the mode stops everything and releases the microphone.
 */
export type TalkStage = 'off' | 'listening' | 'waiting' | 'speaking';
export const useTalkMode = create<{ stage: TalkStage }>()(() => ({ stage: 'off' }));

export const TALK_OWNER = 'talk-mode';
/** Loudness (the meter's 0..1) and how long it must last to count as the user speaking over the answer. */
export const BARGE_IN_LEVEL = 0.3;
export const BARGE_IN_MS = 250;

export type TalkDeps = {
  store: StoragePort;
  vault: () => Pick<KeyVaultState, 'keys' | 'stored' | 'status' | 'secrets'>;
  fetch: typeof fetch;
  t: TFunction;
  appLanguage: string;
  useOpenAIWhisper: boolean;
  /** Sends the words as a message (the composer's send). */
  send: (text: string) => void;
};

let current: TalkSession | undefined;

class TalkSession {
  private ended = false;
  private bargeIn: (() => void) | undefined;
  private unwatchInput: () => void;

  constructor(private readonly deps: TalkDeps) {
    // A turn that fails (microphone refused, a key refused) ends the mode: its panel says why.
    this.unwatchInput = useVoiceInput.subscribe((state) => {
      if (state.phase === 'error') this.end();
    });
  }

  private set(stage: TalkStage) {
    if (!this.ended) useTalkMode.setState({ stage });
  }

  listen() {
    if (this.ended) return;
    this.set('listening');
    startDictation({
      ...this.deps,
      onText: (words) => {
        if (this.ended) return;
        this.set('waiting');
        this.deps.send(words);
      },
    }).catch((error: unknown) => {
      console.error('talk mode: listening failed', error);
      this.end();
    });
  }

  answered(messageId: string, markdown: string) {
    if (this.ended || useTalkMode.getState().stage !== 'waiting') return;
    if (markdown.trim() === '') return this.listen();
    this.set('speaking');
    void this.watchForBargeIn();
    readAloud({
      owner: TALK_OWNER,
      messageId,
      markdown,
      store: this.deps.store,
      vault: this.deps.vault,
      fetch: this.deps.fetch,
      t: this.deps.t,
      onDone: (how) => {
        this.stopBargeIn();
        if (useTalkMode.getState().stage !== 'speaking') return;
        if (how === 'ended') this.listen();
        else this.end();
      },
    }).catch((error: unknown) => {
      console.error('talk mode: reading failed', error);
      this.end();
    });
  }

  private async watchForBargeIn() {
    let stream: MediaStream;
    try {
      stream = await openMicrophone();
    } catch {
      return; // no barge-in without a microphone; the reading still ends by itself
    }
    if (this.ended || useTalkMode.getState().stage !== 'speaking') return releaseMicrophone(stream);
    let loudSince: number | undefined;
    const watch = watchLevel(stream, {
      onLevel: (level) => {
        if (level < BARGE_IN_LEVEL) return void (loudSince = undefined);
        loudSince ??= performance.now();
        if (performance.now() - loudSince < BARGE_IN_MS) return;
        // The user speaks over the answer: stop it and listen.
        this.stopBargeIn();
        stopSpeaking(TALK_OWNER);
        this.listen();
      },
    });
    this.bargeIn = () => {
      watch.stop();
      releaseMicrophone(stream);
    };
  }

  private stopBargeIn() {
    this.bargeIn?.();
    this.bargeIn = undefined;
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    this.unwatchInput();
    this.stopBargeIn();
    useVoiceInput.getState().cancel?.();
    stopSpeaking(TALK_OWNER);
    useTalkMode.setState({ stage: 'off' });
    if (current === this) current = undefined;
  }
}

export function startTalk(deps: TalkDeps): void {
  current?.end();
  current = new TalkSession(deps);
  current.listen();
}

export function endTalk(): void {
  current?.end();
}

/** An answer finished: in talk mode, it is read aloud and the next turn follows. */
export function talkAnswered(messageId: string, markdown: string): boolean {
  if (!current) return false;
  current.answered(messageId, markdown);
  return true;
}
