import { type ModelDescriptor, titleModelFor } from '../models';
import type { ChatRequest } from '../providers';
import type { ProviderAccessInput } from './chat-request-builder';

/** Keyword suggestions under long answers (TT4, spec section 9: answers over 500 characters). */

export const KEYWORDS_MIN_ANSWER_LENGTH = 500;
export const MAX_KEYWORDS = 5;
export const KEYWORD_MAX_LENGTH = 40;
const EXCERPT_CHARS = 4000;

const KEYWORDS_INSTRUCTION =
  'List 3 to 5 short keywords or key phrases (at most four words each) from the text, topics the ' +
  'reader may want to ask more about. Reply with a JSON array of strings only.';

export function wantsKeywords(answerText: string, suggestKeywords: boolean): boolean {
  return suggestKeywords && answerText.length > KEYWORDS_MIN_ANSWER_LENGTH;
}

export function buildKeywordsRequest(
  answerText: string,
  model: ModelDescriptor,
  access: ProviderAccessInput,
  customModels: readonly ModelDescriptor[] = [],
): { request: ChatRequest; model: ModelDescriptor } {
  const fastModel = titleModelFor(model, customModels);
  return {
    model: fastModel,
    request: {
      model: fastModel,
      messages: [
        { role: 'system', content: KEYWORDS_INSTRUCTION },
        { role: 'user', content: answerText.slice(0, EXCERPT_CHARS) },
      ],
      settings: { stream: false, temperature: 0.2, maxTokens: 80 },
      apiKey: access.apiKey,
      endpoint: access.endpoint,
      ...(access.relay && { relay: access.relay }),
    },
  };
}

function listFromJson(text: string): unknown[] | undefined {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start === -1 || end <= start) return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function clean(keyword: string): string {
  return keyword
    .trim()
    .replace(/^(?:[-*•#]+|\d+[.)])\s*/, '')
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, '')
    .replace(/[*_`]+/g, '')
    .replace(/[.,;:]+$/, '')
    .trim();
}

/** TT4: a JSON array, else lines or commas; cleaned, unique (case-insensitively), at most 5. */
export function parseKeywords(raw: string): string[] {
  const fromJson = listFromJson(raw);
  const candidates = fromJson
    ? fromJson.filter((item): item is string => typeof item === 'string')
    : raw.split(raw.includes('\n') ? /\r?\n/ : /,/);
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const candidate of candidates) {
    const keyword = clean(candidate);
    const key = keyword.toLowerCase();
    // An introduction ("Here are the keywords:") or markdown table rows are not keywords.
    const notKeyword = candidate.trim().endsWith(':') || keyword.includes('|');
    if (!keyword || notKeyword || keyword.length > KEYWORD_MAX_LENGTH || seen.has(key)) continue;
    seen.add(key);
    keywords.push(keyword);
    if (keywords.length === MAX_KEYWORDS) break;
  }
  return keywords;
}
