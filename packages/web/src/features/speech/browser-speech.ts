/** The browser's speechSynthesis, or undefined when it has none (spec: say it is not supported). */
export function browserSpeechSynthesis(win: Window = window): SpeechSynthesis | undefined {
  return 'speechSynthesis' in win && win.speechSynthesis ? win.speechSynthesis : undefined;
}
