import { DEFAULT_SYSTEM_MESSAGE } from '../entities';

export { DEFAULT_SYSTEM_MESSAGE };

/**
 * SM3: the longer default prompt (spec section 9): math in double dollar signs, and the user's local
 * date and time so the model can answer "what day is it".
 */
export const DETAILED_SYSTEM_PROMPT = [
  'You are a helpful AI assistant. Answer as accurately and concisely as you can.',
  'Use Markdown for formatting. Put mathematical expressions in double dollar signs, e.g. $$E = mc^2$$.',
  'The current local date is {local_date} and the local time is {local_time}.',
].join('\n');

/** Where and when the prompt is sent: the browser's locale and time zone, and now. */
export interface PromptContext {
  now: Date;
  /** BCP 47 tag, e.g. `en-GB`; undefined uses the platform default. */
  locale?: string | undefined;
  /** IANA zone, e.g. `Europe/Paris`; undefined uses the platform default. */
  timeZone?: string | undefined;
}

const PLACEHOLDER = /\{\s*local[ _](date|time|datetime)\s*\}/gi;

function format(context: PromptContext, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(context.locale, { ...options, timeZone: context.timeZone }).format(
      context.now,
    );
  } catch {
    // An unknown locale or zone must not stop a message from being sent.
    return new Intl.DateTimeFormat(undefined, options).format(context.now);
  }
}

/** SM2: fills `{local_date}`, `{local_time}` and `{local_datetime}`; other braces stay as written. */
export function fillPromptPlaceholders(text: string, context: PromptContext): string {
  if (!text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (_match, kind: string) => {
    const date = (): string =>
      format(context, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
    const time = (): string => format(context, { hour: '2-digit', minute: '2-digit' });
    switch (kind.toLowerCase()) {
      case 'date':
        return date();
      case 'time':
        return time();
      default:
        return `${date()} ${time()}`;
    }
  });
}
