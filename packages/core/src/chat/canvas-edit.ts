import { estimateTokens, type ModelDescriptor } from '../models';
import type { ChatRequest } from '../providers';
import type { ProviderAccessInput } from './chat-request-builder';
import { tokenBudget } from './context-window';

/**
 * "Edit in canvas" (decision 0135, rules CV1-CV5 in ./SPEC.md): the user selects a passage of a
 * canvas document and asks the model to change only that. The model gets the whole document with
 * the passage marked and answers with the passage's new text, nothing else; the app shows it as a
 * change of the document to accept or reject.
 */

/** A passage of a document: UTF-16 offsets as a textarea's selectionStart/End give them. */
export interface TextSelection {
  readonly start: number;
  readonly end: number;
}

export interface CanvasEditDocument {
  readonly title: string;
  /** The fence's language ("python", "html", "markdown"). */
  readonly language: string;
  readonly content: string;
}

/** Room kept for the passage's new text. */
const SELECTION_ANSWER_TOKENS = 4096;

export const SELECTION_START = '<selection>';
export const SELECTION_END = '</selection>';

const SELECTION_EDIT_INSTRUCTION =
  'You edit one passage of a document for the user. The document is given with the passage between ' +
  `${SELECTION_START} and ${SELECTION_END}. Rewrite only that passage as the user asks, keeping its ` +
  'language, style and indentation so it fits back in place. Answer with the new text of the passage ' +
  'only: no explanation, no quotes, no code fence, no selection tags, and nothing from outside the passage.';

export type SelectionEditRequest =
  { ok: true; request: ChatRequest } | { ok: false; reason: 'no-selection' | 'no-instruction' | 'too-long' };

/** CV1: the selection clamped to the document, start before end. */
export function clampSelection(content: string, selection: TextSelection): TextSelection {
  const clamp = (value: number) => Math.min(content.length, Math.max(0, Math.round(value)));
  const [start, end] = [clamp(selection.start), clamp(selection.end)].sort((a, b) => a - b) as [
    number,
    number,
  ];
  return { start, end };
}

/**
 * CV1-CV2: the request asking `model` to rewrite the selected passage. The whole document goes with
 * the passage marked in place (the model sees what comes before and after), then the passage alone
 * and the user's instruction last. Refused without a passage or an instruction, or when the
 * document does not fit the model's context with room for the answer.
 */
export function buildSelectionEditRequest(input: {
  document: CanvasEditDocument;
  selection: TextSelection;
  instruction: string;
  model: ModelDescriptor;
  access: ProviderAccessInput;
}): SelectionEditRequest {
  const { document, model, access } = input;
  const { start, end } = clampSelection(document.content, input.selection);
  const instruction = input.instruction.trim();
  if (document.content.slice(start, end).trim() === '') return { ok: false, reason: 'no-selection' };
  if (instruction === '') return { ok: false, reason: 'no-instruction' };
  const passage = document.content.slice(start, end);
  const marked =
    document.content.slice(0, start) +
    SELECTION_START +
    passage +
    SELECTION_END +
    document.content.slice(end);
  const user = [
    `Document "${document.title}" (${document.language}):`,
    '<document>',
    marked,
    '</document>',
    '',
    'The selected passage:',
    `${SELECTION_START}${passage}${SELECTION_END}`,
    '',
    `Change only the selected passage: ${instruction}`,
  ].join('\n');
  const room = tokenBudget(model, SELECTION_ANSWER_TOKENS) - estimateTokens(SELECTION_EDIT_INSTRUCTION) - 16;
  if (estimateTokens(user) > room) return { ok: false, reason: 'too-long' };
  return {
    ok: true,
    request: {
      model,
      messages: [
        { role: 'system', content: SELECTION_EDIT_INSTRUCTION },
        { role: 'user', content: user },
      ],
      settings: { stream: false, temperature: 0.2, maxTokens: SELECTION_ANSWER_TOKENS },
      apiKey: access.apiKey,
      endpoint: access.endpoint,
      ...(access.relay && { relay: access.relay }),
    },
  };
}

/**
 * CV3: the passage's new text from the model's answer: a fence or selection tags wrapped around
 * the whole answer are taken off (models add them despite being asked not to). The passage's own
 * leading and trailing whitespace is kept, so a selected line still ends with its line break.
 */
export function readSelectionReplacement(answer: string, passage: string): string {
  let text = answer.trim();
  const fenced = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n?\1$/.exec(text);
  if (fenced) text = fenced[2] ?? '';
  if (text.startsWith(SELECTION_START) && text.endsWith(SELECTION_END))
    text = text.slice(SELECTION_START.length, -SELECTION_END.length);
  const lead = /^\s*/.exec(passage)?.[0] ?? '';
  const trail = passage.trim() === '' ? '' : (/\s*$/.exec(passage)?.[0] ?? '');
  const core = text.replace(/^\n+|\s+$/g, '');
  // An answer that kept the passage's indentation itself is not indented twice.
  return (core.startsWith(lead) ? core : lead + core.replace(/^[ \t]+/, '')) + trail;
}

/** CV4: the document with the passage replaced (what Accept makes the next version). */
export function applySelectionEdit(content: string, selection: TextSelection, replacement: string): string {
  const { start, end } = clampSelection(content, selection);
  return content.slice(0, start) + replacement + content.slice(end);
}

const NOTE_HEAD = 'Edited in the canvas: ';

/** CV5: whether a user message's text is the note of a version made in the canvas. */
export function isCanvasEditNote(text: string): boolean {
  return text.startsWith(NOTE_HEAD) && text.includes('\n```');
}

/**
 * CV5: the chat message that records a version made in the canvas (an edit by hand or an accepted
 * change): the document as a fenced block under a line naming it (a user message shows as plain
 * text, so no markdown around the name), so the canvas reads it as the
 * next version (by kind and title, like an answer's block) and the model sees the current text in
 * the conversation. The fence is longer than any run of backticks in the document.
 */
export function canvasEditNote(document: CanvasEditDocument): string {
  const longest = Math.max(2, ...Array.from(document.content.matchAll(/`+/g), (match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  const title = document.title.replace(/\s+/g, ' ').trim();
  return `${NOTE_HEAD}${title}\n\n${ticks}${document.language}\n${document.content.replace(/\n$/, '')}\n${ticks}`;
}
