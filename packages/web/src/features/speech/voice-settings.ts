/** Browser voice settings; the spec's defaults are rate 1 and pitch 1 with the browser's default voice. */
export type BrowserVoiceSettings = {
  rate: number;
  pitch: number;
  /** A SpeechSynthesisVoice's voiceURI; undefined means the browser's default voice. */
  voiceURI?: string;
};

export const defaultBrowserVoiceSettings: BrowserVoiceSettings = { rate: 1, pitch: 1 };
