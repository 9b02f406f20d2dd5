import type { ErrorFacts } from './error-classify';
import { type JsonRecord, stringField, tryParseJson } from './json-guards';

/**
 * ER16: OpenRouter's errors say "Provider returned error" and put the upstream provider's own answer
 * in `metadata.raw` (a string, often JSON, or an object) with `metadata.provider_name`. The user is
 * shown that cause, bounded, and its names and words take part in the classification.
 */

/** The upstream cause shown in a message is cut to this many characters. */
export const UPSTREAM_CAUSE_LIMIT = 300;

/** Words of a text or HTML body, whitespace collapsed, cut at `limit` with an ellipsis. */
export function readableText(text: string, limit: number): string {
  const trimmed = text.trim();
  const html = /^<(?:!doctype|html|head|body|\?xml)/i.test(trimmed);
  const title = html ? /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]?.trim() : undefined;
  const words = (
    title ||
    (html ? trimmed.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ') : trimmed)
  )
    .replace(/\s+/g, ' ')
    .trim();
  return words.length > limit ? `${words.slice(0, limit - 1).trimEnd()}…` : words;
}

/** True when `text` names `word` as a whole word ("…moderation on OpenAI." names OpenAI). */
function mentions(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|\\W)${escaped}(?:\\W|$)`).test(text);
}

type ReadFacts = (value: unknown) => ErrorFacts | undefined;

function causeOf(raw: unknown, readFacts: ReadFacts): { text: string; inner: ErrorFacts | undefined } {
  if (typeof raw === 'string') {
    const trimmed = raw.trim();
    const parsed = /^[[{]/.test(trimmed) ? tryParseJson(trimmed) : undefined;
    const inner = parsed === undefined ? undefined : readFacts(parsed);
    return { text: inner?.message ?? trimmed, inner };
  }
  if (raw === null || raw === undefined) return { text: '', inner: undefined };
  const inner = readFacts(raw);
  return { text: inner?.message ?? JSON.stringify(raw), inner };
}

export function withUpstreamCause(facts: ErrorFacts, metadata: JsonRecord, readFacts: ReadFacts): ErrorFacts {
  const provider = stringField(metadata.provider_name)?.trim() || undefined;
  const { text, inner } = causeOf(metadata.raw, readFacts);
  const cause = readableText(text, UPSTREAM_CAUSE_LIMIT);
  const base = facts.message?.trim() || 'Provider returned error';
  if (!cause && !provider) return facts;
  // The same words twice (a raw equal to the message) are said once.
  const sameWords = cause !== '' && base.toLowerCase().includes(cause.toLowerCase());
  const from = provider && !mentions(base, provider) ? provider : undefined;
  const detail = sameWords || !cause ? from : from ? `${from}: ${cause}` : cause;
  return {
    message: detail ? `${base} (${detail})` : base,
    names: [...facts.names, ...(inner?.names ?? [])],
    numericCode: facts.numericCode ?? inner?.numericCode,
  };
}
