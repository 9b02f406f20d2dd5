import { cutToChars, DOCUMENT_LIMITS } from '@parley/core/documents';
import { estimateTokens } from '@parley/core/models';
import { ReadError, type ReadNote, type TextResult } from '../reader-protocol';

/** The text of a document as sent: cut at the character limit (DO2), with its token estimate. */
export function textResult(text: string, note?: ReadNote): TextResult {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed === '') throw new ReadError('noText');
  const { text: kept, cut } = cutToChars(trimmed, DOCUMENT_LIMITS.maxTextChars);
  const finalNote: ReadNote | undefined = cut ? { kind: 'chars', chars: DOCUMENT_LIMITS.maxTextChars } : note;
  return { ok: true, kind: 'text', text: kept, tokens: estimateTokens(kept), note: finalNote };
}
