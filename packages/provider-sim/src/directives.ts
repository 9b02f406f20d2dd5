// Directives are how a test steers the simulator: `[[sim:NAME args]]` anywhere in the last user message.
// This module only finds them and checks their arguments; reply-plan.ts decides what they mean together.

export type Directive =
  | { name: 'reply'; text: string }
  | { name: 'tool'; toolName: string; args: Record<string, unknown> }
  | { name: 'tools'; count: number }
  | { name: 'error'; status: number; variant: string | null }
  | { name: 'context-overflow'; server: ContextServer | null }
  | { name: 'context'; tokens: number }
  | { name: 'midstream-error'; shape: MidstreamShape | null }
  | { name: 'harmony' }
  | { name: 'prompt-blocked'; reason: string; message: string | null }
  | { name: 'cut'; reset: boolean }
  | { name: 'slow'; tokensPerSecond: number }
  | { name: 'long'; tokens: number }
  | { name: 'markdown' }
  | { name: 'reasoning'; text: string | null }
  | { name: 'refusal' }
  | { name: 'hang' }
  | { name: 'replay'; file: string; part: number | null; split: boolean };

/**
 * How a mid-stream failure looks on the wire, beyond each provider's default: an OpenAI-compatible
 * `event: error` frame (`event`) or `error:` field line then [DONE] (`field`); OpenRouter's error
 * chunk carrying the upstream cause in `metadata.raw` (`raw`); a second Anthropic message_start
 * (`restart`).
 */
export const midstreamShapes = ['event', 'field', 'raw', 'restart'] as const;
export type MidstreamShape = (typeof midstreamShapes)[number];

/** Local OpenAI-compatible servers whose own context-overflow body `context-overflow` can send. */
export const contextServers = ['llama', 'vllm', 'ollama', 'lmstudio'] as const;
export type ContextServer = (typeof contextServers)[number];

export interface ParsedDirectives {
  directives: Directive[];
  /** The message text with every directive removed and the ends trimmed (what the echo reply repeats). */
  plainText: string;
}

/** A directive that could not be understood; the simulator answers it with a 400 so typos are not silent. */
export class DirectiveError extends Error {}

const OPENING = '[[sim:';

/** Finds every `[[sim:NAME args]]` in `text`. Throws DirectiveError for unknown names or bad arguments. */
export function parseDirectives(text: string): ParsedDirectives {
  const directives: Directive[] = [];
  let plainText = '';
  let at = 0;
  for (;;) {
    const start = text.indexOf(OPENING, at);
    if (start === -1) break;
    const end = findClosing(text, start + OPENING.length);
    if (end === -1) throw new DirectiveError(`unterminated directive: ${text.slice(start, start + 40)}`);
    plainText += text.slice(at, start);
    directives.push(parseOne(text.slice(start + OPENING.length, end).trim()));
    at = end + 2;
  }
  plainText += text.slice(at);
  return { directives, plainText: plainText.replace(/[ \t]{2,}/g, ' ').trim() };
}

/**
 * Index of the `]]` closing a directive whose body starts at `from`. Brackets and braces inside the body
 * (JSON arguments, `[links]`) are balanced first, and quotes are honoured only inside JSON, so an
 * apostrophe or a lone quote in reply text does not swallow the rest of the message.
 */
function findClosing(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"' && depth > 0) inString = true;
    else if (char === '{' || char === '[') depth++;
    else if ((char === '}' || char === ']') && depth > 0) depth--;
    else if (char === ']' && text[i + 1] === ']') return i;
  }
  return -1;
}

function parseOne(body: string): Directive {
  const space = body.search(/\s/);
  const name = space === -1 ? body : body.slice(0, space);
  const args = space === -1 ? '' : body.slice(space + 1).trim();
  switch (name) {
    case 'reply':
      return { name, text: args };
    case 'tool':
      return parseTool(args);
    case 'tools':
      return { name, count: positiveInteger(name, args, 1, 64) };
    case 'error': {
      const [status, variant] = args.split(/\s+/);
      return { name, status: positiveInteger(name, status ?? '', 400, 599), variant: variant ?? null };
    }
    case 'context-overflow':
      return { name, server: oneOf(name, args, contextServers) };
    case 'midstream-error':
      return { name, shape: oneOf(name, args, midstreamShapes) };
    case 'prompt-blocked': {
      const space = args.search(/\s/);
      const reason = (space === -1 ? args : args.slice(0, space)) || 'SAFETY';
      const message = space === -1 ? null : args.slice(space + 1).trim() || null;
      return { name, reason, message };
    }
    case 'harmony':
    case 'markdown':
    case 'refusal':
    case 'hang':
      return { name };
    case 'context':
      return { name, tokens: positiveInteger(name, args, 1, 100_000_000) };
    case 'cut':
      return { name, reset: args === 'reset' };
    case 'slow':
      return { name, tokensPerSecond: positiveNumber(name, args) };
    case 'long':
      return { name, tokens: positiveInteger(name, args, 1, 1_000_000) };
    case 'reasoning':
      return { name, text: args === '' ? null : args };
    case 'replay':
      return parseReplay(args);
    default:
      throw new DirectiveError(`unknown directive [[sim:${name}]]`);
  }
}

function parseTool(args: string): Directive {
  const space = args.search(/\s/);
  const toolName = space === -1 ? args : args.slice(0, space);
  const json = space === -1 ? '' : args.slice(space + 1).trim();
  if (toolName === '') throw new DirectiveError('[[sim:tool NAME {json}]] needs a tool name');
  if (json === '') return { name: 'tool', toolName, args: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new DirectiveError(`[[sim:tool ${toolName}]] arguments are not valid JSON: ${json}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new DirectiveError(`[[sim:tool ${toolName}]] arguments must be a JSON object`);
  }
  return { name: 'tool', toolName, args: parsed as Record<string, unknown> };
}

function parseReplay(args: string): Directive {
  const [target, mode] = args.split(/\s+/);
  if (!target) throw new DirectiveError('[[sim:replay PATH]] needs a fixture path');
  if (mode !== undefined && mode !== 'split') throw new DirectiveError(`unknown replay mode: ${mode}`);
  const hash = target.lastIndexOf('#');
  const file = hash === -1 ? target : target.slice(0, hash);
  const part = hash === -1 ? null : Number(target.slice(hash + 1));
  if (part !== null && !Number.isInteger(part)) throw new DirectiveError(`bad replay part in ${target}`);
  return { name: 'replay', file, part, split: mode === 'split' };
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T | null {
  if (value === '') return null;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new DirectiveError(`[[sim:${name}]] expects one of ${allowed.join(', ')}, got "${value}"`);
}

function positiveInteger(name: string, value: string, min: number, max: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new DirectiveError(`[[sim:${name}]] expects a whole number from ${min} to ${max}, got "${value}"`);
  }
  return parsed;
}

function positiveNumber(name: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new DirectiveError(`[[sim:${name}]] expects a positive number, got "${value}"`);
  }
  return parsed;
}
