import { estimateTokens } from '../models';

/**
 * KB10-KB13: the passages an answer is given. The index finds them; this chooses the ones that fit
 * the budget, numbers them and writes the section of the system text that carries them, telling the
 * model to cite them by number. The numbers are what the answer's references point at.
 */

/** A passage the index found for a question. */
export type KnowledgeHit = {
  documentId: string;
  documentName: string;
  passageIndex: number;
  heading: string;
  text: string;
  start: number;
  end: number;
  score: number;
};

/** A passage given to the answer, with the number the model cites it by. */
export type Citation = Omit<KnowledgeHit, 'score'> & { number: number };

/** KB10: the passages get at most this share of the model's context, and never more than the cap. */
export const KNOWLEDGE_CONTEXT_SHARE = 0.25;
export const KNOWLEDGE_TOKEN_CAP = 3000;
/** KB10: at most this many passages, however small. */
export const KNOWLEDGE_MAX_PASSAGES = 8;

export const KNOWLEDGE_SECTION_TITLE = "Passages from the user's documents";

export function knowledgeBudget(contextLength: number): number {
  return Math.min(KNOWLEDGE_TOKEN_CAP, Math.floor(contextLength * KNOWLEDGE_CONTEXT_SHARE));
}

function passageBlock(citation: Citation): string {
  const where = citation.heading ? `${citation.documentName} › ${citation.heading}` : citation.documentName;
  return `[${citation.number}] ${where}\n${citation.text.trim()}`;
}

/**
 * KB10-KB11: the best hits first, each kept while the section still fits `budgetTokens` (a hit
 * too large is skipped, a smaller one after it may still fit); the same passage found twice is kept
 * once. Numbered 1, 2, ... in the order kept.
 */
export function chooseCitations(hits: readonly KnowledgeHit[], budgetTokens: number): Citation[] {
  const sorted = [...hits].sort((a, b) => b.score - a.score);
  const seen = new Set<string>();
  const chosen: Citation[] = [];
  let used = estimateTokens(sectionPreamble());
  for (const hit of sorted) {
    if (chosen.length >= KNOWLEDGE_MAX_PASSAGES) break;
    const key = `${hit.documentId}\u0000${hit.passageIndex}`;
    if (seen.has(key)) continue;
    const { score: _score, ...rest } = hit;
    const citation: Citation = { ...rest, number: chosen.length + 1 };
    const cost = estimateTokens(passageBlock(citation)) + 2;
    if (used + cost > budgetTokens) continue;
    seen.add(key);
    chosen.push(citation);
    used += cost;
  }
  return chosen;
}

function sectionPreamble(): string {
  return (
    'These passages were found in the documents the user keeps for this chat. Use them when they help; ' +
    'after each statement taken from one, cite it by its number in square brackets, like [1]. ' +
    'Do not cite a passage you did not use, and say so when the passages do not hold the answer.'
  );
}

/** KB12: the system text section that carries the passages, or '' when there are none. */
export function knowledgeSection(citations: readonly Citation[]): string {
  if (citations.length === 0) return '';
  return [`## ${KNOWLEDGE_SECTION_TITLE}`, sectionPreamble(), ...citations.map(passageBlock)].join('\n\n');
}

/**
 * KB13: the citation numbers an answer's text uses, in the order they first appear: `[1]`,
 * `[2, 3]` and `[2][3]`; numbers with no passage and those inside code are ignored.
 */
export function citedNumbers(answer: string, count: number): number[] {
  const withoutCode = answer.replace(/```[\s\S]*?(```|$)/g, '').replace(/`[^`\n]*`/g, '');
  const found: number[] = [];
  for (const match of withoutCode.matchAll(/\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\](?!\()/g)) {
    for (const part of match[1]!.split(',')) {
      const number = Number(part.trim());
      if (number >= 1 && number <= count && !found.includes(number)) found.push(number);
    }
  }
  return found;
}
