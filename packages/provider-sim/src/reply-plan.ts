import type { ContextServer, Directive, MidstreamShape } from './directives';
import { parseDirectives } from './directives';
import { DEFAULT_REASONING, longText, MARKDOWN_SAMPLE, REFUSAL_TEXT } from './sample-texts';
import { hashString } from './seeded-random';
import { argumentPieces, estimateTokens, wordDeltas } from './text-pieces';
import { answerTokens, limitAnswer } from './token-limit';

export type Flavour = 'openai' | 'openrouter' | 'anthropic' | 'gemini';

/** What the simulator needs from any provider's request body, once each provider module has read it. */
export interface ChatRequest {
  flavour: Flavour;
  model: string;
  stream: boolean;
  /** Text parts of the last user message, concatenated: where directives are read. */
  lastUserText: string;
  /** The text of a tool / function result when that is the last message, else null. */
  toolResultText: string | null;
  /** Characters of conversation text in the request (messages, system prompt, tool results). */
  requestChars: number;
  /** Names of the tools the request declares, used to name `[[sim:tools N]]` calls. */
  toolNames: string[];
  /** OpenAI `stream_options.include_usage`: only then does OpenAI send a usage chunk. */
  includeUsage: boolean;
  /** Stream framing: SSE, except Gemini's streamGenerateContent without `alt=sse` (a JSON array). */
  sse: boolean;
  /** The request's output-token limit (see token-limit.ts), or null when it sets none. */
  maxTokens: number | null;
}

export interface ToolCallPlan {
  name: string;
  argumentsJson: string;
  /** The argument JSON cut into the small deltas a streaming provider sends. */
  argumentPieces: string[];
  /** False when the output-token limit cut the call inside its arguments: argumentsJson is then unterminated. */
  complete: boolean;
}

/** How a streamed reply ends: normally, with the provider's mid-stream error, cut off, or never. */
export type Ending = 'done' | 'midstream-error' | 'cut' | 'cut-reset' | 'hang';

export interface ScriptedReply {
  reasoningDeltas: string[];
  textDeltas: string[];
  toolCalls: ToolCallPlan[];
  /** Refusal deltas: the model declined; no text or tool calls. */
  refusalDeltas: string[] | null;
  promptTokens: number;
  completionTokens: number;
  reasoningTokens: number;
  /** The request's output-token limit stopped the answer: each provider then reports its "length" finish. */
  cutByTokenLimit: boolean;
  /** Seed for ids and padding, so the same request always gives the same bytes. */
  seed: number;
  /** `[[sim:midstream-error SHAPE]]`: the wire shape of the failure (null: the provider's default). */
  midstreamShape: MidstreamShape | null;
  /** `[[sim:harmony]]`: reasoning and text sent as gpt-oss harmony channels in plain content. */
  harmony: boolean;
  /** `[[sim:prompt-blocked]]`: Gemini blocks the prompt (no candidates) with this reason. */
  promptBlocked: { reason: string; message: string | null } | null;
}

export type ReplyPlan =
  | { kind: 'error'; status: number; variant: string | null }
  | {
      kind: 'context-overflow';
      promptTokens: number;
      limitTokens: number;
      /** A local server whose wording to use (OpenAI-compatible route), or null for the provider's. */
      server: ContextServer | null;
    }
  | { kind: 'replay'; file: string; part: number | null; split: boolean }
  | { kind: 'reply'; reply: ScriptedReply; ending: Ending; tokensPerSecond: number | null };

/** Default context window: 100,000 tokens, i.e. 400,000 characters of request text. */
export const DEFAULT_CONTEXT_TOKENS = 100_000;

/** Turns a request into what to answer. Throws DirectiveError when a directive cannot be understood. */
export function buildReplyPlan(request: ChatRequest): ReplyPlan {
  const { directives, plainText } = parseDirectives(request.lastUserText);
  const find = <N extends Directive['name']>(name: N) =>
    directives.find((d): d is Extract<Directive, { name: N }> => d.name === name);
  const promptTokens = estimateTokens(request.requestChars);
  const seed = hashString(
    `${request.flavour}|${request.model}|${request.requestChars}|${request.lastUserText}`,
  );
  const answeringToolResult = request.toolResultText !== null;

  // A tool result ends the tool loop: its directives were already acted on when the call was made.
  if (!answeringToolResult) {
    const error = find('error');
    if (error) return { kind: 'error', status: error.status, variant: error.variant };
  }
  const limitTokens = find('context')?.tokens ?? DEFAULT_CONTEXT_TOKENS;
  if ((!answeringToolResult && find('context-overflow')) || request.requestChars > limitTokens * 4) {
    // An explicit overflow on a small request still has to report a count above the limit.
    const reported = promptTokens > limitTokens ? promptTokens : limitTokens + promptTokens;
    const server = answeringToolResult ? null : (find('context-overflow')?.server ?? null);
    return { kind: 'context-overflow', promptTokens: reported, limitTokens, server };
  }
  const replay = find('replay');
  if (replay && !answeringToolResult) return { kind: 'replay', ...withoutName(replay) };

  const text: string[] = [];
  const toolCalls: ToolCallPlan[] = [];
  let refusal = false;
  if (answeringToolResult) {
    text.push(`Tool result received: ${request.toolResultText}`);
  } else {
    for (const directive of directives) {
      if (directive.name === 'reply') text.push(directive.text);
      else if (directive.name === 'markdown') text.push(MARKDOWN_SAMPLE);
      else if (directive.name === 'long') text.push(longText(directive.tokens, seed));
      else if (directive.name === 'refusal') refusal = true;
      else if (directive.name === 'tool') toolCalls.push(toolCall(directive.toolName, directive.args, seed));
      else if (directive.name === 'tools')
        toolCalls.push(...parallelCalls(directive.count, request.toolNames, seed));
    }
    if (text.length === 0 && toolCalls.length === 0) text.push(`Echo: ${plainText || '(empty message)'}`);
  }

  const reasoning = find('reasoning');
  const planned = {
    reasoningDeltas: reasoning ? wordDeltas(reasoning.text ?? DEFAULT_REASONING) : [],
    textDeltas: refusal ? [] : wordDeltas(text.join('\n\n')),
    toolCalls: refusal ? [] : toolCalls,
  };
  const refusalDeltas = refusal ? wordDeltas(REFUSAL_TEXT) : null;
  // A refusal is short and final: the limit never turns it into a "length" finish.
  const { answer, cut } = refusal ? { answer: planned, cut: false } : limitAnswer(planned, request.maxTokens);
  const reply: ScriptedReply = {
    ...answer,
    refusalDeltas,
    promptTokens,
    completionTokens: answerTokens(answer) + (refusalDeltas?.length ?? 0),
    reasoningTokens: answer.reasoningDeltas.length,
    cutByTokenLimit: cut,
    seed,
    midstreamShape: find('midstream-error')?.shape ?? null,
    harmony: find('harmony') !== undefined,
    promptBlocked: answeringToolResult ? null : (find('prompt-blocked') ?? null),
  };
  return {
    kind: 'reply',
    reply,
    ending: endingOf(directives),
    tokensPerSecond: find('slow')?.tokensPerSecond ?? null,
  };
}

function endingOf(directives: Directive[]): Ending {
  for (const directive of directives) {
    if (directive.name === 'hang') return 'hang';
    if (directive.name === 'midstream-error') return 'midstream-error';
    if (directive.name === 'cut') return directive.reset ? 'cut-reset' : 'cut';
  }
  return 'done';
}

function toolCall(name: string, args: Record<string, unknown>, seed: number): ToolCallPlan {
  const argumentsJson = JSON.stringify(args);
  return {
    name,
    argumentsJson,
    argumentPieces: argumentPieces(argumentsJson, hashString(`${seed}:${name}`)),
    complete: true,
  };
}

function parallelCalls(count: number, declared: string[], seed: number): ToolCallPlan[] {
  return Array.from({ length: count }, (_, i) => {
    const name = declared.length > 0 ? (declared[i % declared.length] ?? 'sim_tool') : `sim_tool_${i + 1}`;
    return toolCall(name, { call: i + 1, query: `parallel call ${i + 1}` }, seed + i);
  });
}

function withoutName<T extends { name: string }>(directive: T): Omit<T, 'name'> {
  const { name: _name, ...rest } = directive;
  return rest;
}
