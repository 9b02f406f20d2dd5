import { defaultBrowserVoiceSettings, type BrowserVoiceSettings } from './voice-settings';

export type SpeechHandlers = { onEnd: () => void; onError: (message: string) => void };

/** The browser's speechSynthesis, or undefined when it has none (spec: say it is not supported). */
export function browserSpeechSynthesis(win: Window = window): SpeechSynthesis | undefined {
  return 'speechSynthesis' in win && win.speechSynthesis ? win.speechSynthesis : undefined;
}

/** Speaks `text`, cancelling whatever was being spoken. */
export function speak(
  synthesis: SpeechSynthesis,
  text: string,
  handlers: SpeechHandlers,
  settings: BrowserVoiceSettings = defaultBrowserVoiceSettings,
) {
  synthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.rate = settings.rate;
  utterance.pitch = settings.pitch;
  const voice = settings.voiceURI
    ? synthesis.getVoices().find((candidate) => candidate.voiceURI === settings.voiceURI)
    : undefined;
  if (voice) utterance.voice = voice;
  utterance.onend = handlers.onEnd;
  utterance.onerror = (event) => {
    // Cancelling (our own Stop, or another message's Play) is not a failure.
    if (event.error === 'canceled' || event.error === 'interrupted') handlers.onEnd();
    else handlers.onError(event.error);
  };
  synthesis.speak(utterance);
}
