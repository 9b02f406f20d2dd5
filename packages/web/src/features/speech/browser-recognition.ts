/** The parts of the Web Speech API's SpeechRecognition this app uses (not in TypeScript's DOM types). */
type RecognitionResultList = ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
export interface BrowserRecognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string; message?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => BrowserRecognition;

/** SpeechRecognition where the browser has it (Chrome, Edge, Safari); undefined elsewhere (Firefox). */
export function browserRecognition(win: Window = window): RecognitionConstructor | undefined {
  const candidate = win as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return candidate.SpeechRecognition ?? candidate.webkitSpeechRecognition;
}

/** The words of every final result, in order. */
export function recognisedText(results: RecognitionResultList): string {
  const words: string[] = [];
  for (let index = 0; index < results.length; index++) {
    const result = results[index]!;
    if (result.isFinal && result[0]) words.push(result[0].transcript.trim());
  }
  return words.filter(Boolean).join(' ');
}
