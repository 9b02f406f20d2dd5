/**
 * Fill-in-the-blank variables in a library prompt (rules PV*, prompts/SPEC.md).
 *
 *   {{name}}                  a free text field
 *   {{name:default text}}     a free text field with a default value
 *   {{name|first|second}}     a choice among the listed values; the first is the default
 *
 * Anything else that looks like a variable (`{{`, `{{}}`, `{{ {{x}} }}`, a name longer than 64
 * characters) stays literal text and is reported, so a malformed prompt still inserts as written.
 */

export type PromptVariable = {
  /** The name as written, trimmed; variables with the same name are one field. */
  name: string;
  defaultValue: string;
  /** Empty for a free text field. */
  choices: string[];
};

export type PromptVariableProblem = { kind: 'malformed'; text: string; offset: number };

export type ParsedPrompt = {
  variables: PromptVariable[];
  problems: PromptVariableProblem[];
};

const MAX_NAME_LENGTH = 64;
const OPEN = '{{';
const CLOSE = '}}';

type Token = { start: number; end: number; body: string };

/** The `{{…}}` spans of `text` whose body holds no braces (PV1); other openings are problems. */
function scan(text: string): { tokens: Token[]; problems: PromptVariableProblem[] } {
  const tokens: Token[] = [];
  const problems: PromptVariableProblem[] = [];
  let at = 0;
  while (at < text.length) {
    const start = text.indexOf(OPEN, at);
    if (start === -1) break;
    const close = text.indexOf(CLOSE, start + OPEN.length);
    const nextOpen = text.indexOf(OPEN, start + OPEN.length);
    if (close === -1) {
      problems.push({ kind: 'malformed', text: text.slice(start, start + 20), offset: start });
      break;
    }
    if (nextOpen !== -1 && nextOpen < close) {
      // `{{ a {{b}} }}`: the outer opening is literal; the inner one is read on the next turn.
      problems.push({ kind: 'malformed', text: text.slice(start, nextOpen), offset: start });
      at = nextOpen;
      continue;
    }
    const body = text.slice(start + OPEN.length, close);
    tokens.push({ start, end: close + CLOSE.length, body });
    at = close + CLOSE.length;
  }
  return { tokens, problems };
}

function variableOf(body: string): PromptVariable | undefined {
  if (body.includes('{') || body.includes('}')) return undefined;
  const choiceAt = body.indexOf('|');
  const defaultAt = body.indexOf(':');
  if (choiceAt !== -1 && (defaultAt === -1 || choiceAt < defaultAt)) {
    const [rawName = '', ...rest] = body.split('|');
    const choices = [...new Set(rest.map((choice) => choice.trim()).filter((choice) => choice !== ''))];
    const name = rawName.trim();
    if (!validName(name) || choices.length === 0) return undefined;
    return { name, defaultValue: choices[0] ?? '', choices };
  }
  if (defaultAt !== -1) {
    const name = body.slice(0, defaultAt).trim();
    if (!validName(name)) return undefined;
    return { name, defaultValue: body.slice(defaultAt + 1).trim(), choices: [] };
  }
  const name = body.trim();
  return validName(name) ? { name, defaultValue: '', choices: [] } : undefined;
}

function validName(name: string): boolean {
  return name !== '' && name.length <= MAX_NAME_LENGTH && !/[\n\r]/.test(name);
}

/** PV1-PV3: the prompt's variables in order of first appearance, and what could not be read. */
export function parsePromptVariables(text: string): ParsedPrompt {
  const { tokens, problems } = scan(text);
  const byName = new Map<string, PromptVariable>();
  for (const token of tokens) {
    const variable = variableOf(token.body);
    if (!variable) {
      problems.push({ kind: 'malformed', text: text.slice(token.start, token.end), offset: token.start });
      continue;
    }
    const key = variable.name.toLowerCase();
    const known = byName.get(key);
    if (!known) byName.set(key, variable);
    else {
      // PV2: the first default and the first choice list win; later mentions only reuse the field.
      if (known.defaultValue === '' && variable.defaultValue !== '')
        known.defaultValue = variable.defaultValue;
      if (known.choices.length === 0 && variable.choices.length > 0) known.choices = variable.choices;
    }
  }
  problems.sort((a, b) => a.offset - b.offset);
  return { variables: [...byName.values()], problems };
}

/**
 * PV4: the prompt with every readable variable replaced by its value (matched by name, ignoring
 * case); a variable without a value gets its default. Malformed spans stay as written.
 */
export function fillPromptVariables(text: string, values: Readonly<Record<string, string>>): string {
  const lower = new Map(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));
  const { tokens } = scan(text);
  const defaults = new Map(
    parsePromptVariables(text).variables.map((variable) => [
      variable.name.toLowerCase(),
      variable.defaultValue,
    ]),
  );
  let out = '';
  let at = 0;
  for (const token of tokens) {
    const variable = variableOf(token.body);
    if (!variable) continue;
    const key = variable.name.toLowerCase();
    out += text.slice(at, token.start) + (lower.get(key) ?? defaults.get(key) ?? '');
    at = token.end;
  }
  return out + text.slice(at);
}

export const PROMPT_EMPTY_MESSAGE = 'Title and prompt cannot be empty';

/** PV5 (spec section 5): a prompt needs a title and a text. */
export function validatePrompt(draft: { title: string; content: string }): string | undefined {
  return draft.title.trim() === '' || draft.content.trim() === '' ? PROMPT_EMPTY_MESSAGE : undefined;
}
