import { isRecord } from './http-io';

// Keys whose strings are not conversation text: ids, roles, enum tags, and inline binary data (an attached
// image must not count as 100,000 "characters" of prompt).
const NOT_TEXT = new Set([
  'role',
  'type',
  'id',
  'tool_call_id',
  'tool_use_id',
  'data',
  'url',
  'detail',
  'mime_type',
  'mimeType',
  'media_type',
  'signature',
  'thoughtSignature',
  'cache_control',
]);

/** Characters of conversation text under `value`: every string leaf except the keys above. */
export function countTextChars(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countTextChars(item), 0);
  if (!isRecord(value)) return 0;
  let sum = 0;
  for (const [key, child] of Object.entries(value)) if (!NOT_TEXT.has(key)) sum += countTextChars(child);
  return sum;
}

/** Text of a message's content: a string, or the `text` of each text part (OpenAI, Anthropic, Gemini shapes). */
export function textOfParts(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      if (!isRecord(part) || typeof part.text !== 'string') return '';
      const type = part.type;
      return type === undefined || type === 'text' || type === 'input_text' ? part.text : '';
    })
    .join('');
}
