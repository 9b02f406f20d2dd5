import type { Message, ToolRun } from '../entities';
import { type MessageDeps, newMessage } from '../chat';
import type { ToolDefinition } from '../providers';
import type { ChatTool, ToolCallRequest, ToolDisplay, ToolResult } from './tool-source';

/**
 * The tool loop's pure steps (SPEC.md TL*): from an answer's calls to the messages that store their
 * results, and the tools the next request may offer. Running the calls is the caller's (the web
 * app's answer runner); this module decides nothing that needs a clock beyond `deps`.
 */

/** TL5: tool steps (answers with calls) per turn; the request after the last one offers no tools. */
export const TOOL_STEP_LIMIT = 10;
/** TL4: a call that runs longer is ended with a time-out error. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/** TL4: the error of a call ended by its time-out. */
export function toolTimeoutMessage(name: string, timeoutMs: number): string {
  return `${name} did not answer within ${Math.round(timeoutMs / 1000)} s.`;
}

/** A call as stored on the assistant message: `arguments` is the model's JSON text. */
export interface StoredToolCall {
  id: string;
  name: string;
  arguments: string;
}

export type PreparedToolCall =
  | { kind: 'run'; call: ToolCallRequest; tool: ChatTool; rawArguments: string }
  | { kind: 'invalid'; id: string; name: string; rawArguments: string; message: string };

/** TL1: the calls of an assistant message: `tool_calls`, else a legacy `function_call` (no id). */
export function toolCallsOf(message: Pick<Message, 'tool_calls' | 'function_call'>): StoredToolCall[] {
  if (message.tool_calls?.length) {
    return message.tool_calls.map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    }));
  }
  if (message.function_call) return [{ id: '', ...message.function_call }];
  return [];
}

function parseArguments(text: string): Record<string, unknown> | undefined {
  // TL2: a call without arguments (an empty string) is a call with none.
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** TL2: each call checked before anything runs: unknown names and bad arguments get an error, no run. */
export function prepareToolCalls(
  calls: readonly StoredToolCall[],
  tools: readonly ChatTool[],
): PreparedToolCall[] {
  return calls.map((stored) => {
    const tool = tools.find((candidate) => candidate.definition.name === stored.name);
    const base = { id: stored.id, name: stored.name, rawArguments: stored.arguments };
    if (!tool) return { kind: 'invalid', ...base, message: `Unknown function: ${stored.name}` };
    const args = parseArguments(stored.arguments);
    if (!args) {
      return {
        kind: 'invalid',
        ...base,
        message: `The arguments of ${stored.name} are not a valid JSON object: ${stored.arguments}`,
      };
    }
    return {
      kind: 'run',
      call: { id: stored.id, name: stored.name, arguments: args },
      tool,
      rawArguments: stored.arguments,
    };
  });
}

/** What became of one call: its result, or stopped by the user (TL8). */
export interface ToolCallOutcome {
  id: string;
  name: string;
  rawArguments: string;
  result: ToolResult | { status: 'stopped' };
  durationMs: number;
  origin?: ChatTool['origin'] | undefined;
}

/** TL8: the text a stopped call sends to the model if the chat goes on. */
export const STOPPED_TOOL_TEXT = 'Error: the call was stopped by the user.';

/** TL9: the most of a result's text that is stored and sent (about 25,000 tokens). */
export const TOOL_RESULT_MAX_CHARS = 100_000;
/** TL9: the most of a result's markdown or HTML display that is stored. */
export const TOOL_DISPLAY_MAX_CHARS = 1_000_000;
/** TL9: how far past the limit a text may go with a source's own note of what it cut. */
const CUT_MARKER_ROOM = 200;
/** TL9: the most result cards that are stored. */
export const TOOL_DISPLAY_MAX_CARDS = 100;

/**
 * TL9: a text over `max` characters keeps its head, cut at a line or word end near the limit, and a
 * last line that says how long it was and how much is kept.
 */
export function capToolText(text: string, max = TOOL_RESULT_MAX_CHARS): string {
  // Room for a source's own cut marker (MCP results are cut at the same limit, MC6): not cut twice.
  if (text.length <= max + CUT_MARKER_ROOM) return text;
  let cut = text.slice(0, max);
  const lastBreak = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf(' '));
  if (lastBreak > max * 0.8) cut = cut.slice(0, lastBreak);
  const count = (n: number) => n.toLocaleString('en-US');
  return `${cut.trimEnd()}\n[… truncated: the result was ${count(text.length)} characters; the first ${count(cut.length)} are kept]`;
}

/** TL3, TL9: the text the model gets: the result, or the error as `Error: …`, capped. */
export function toolResultText(result: ToolCallOutcome['result']): string {
  if (result.status === 'ok') return capToolText(result.forModel);
  if (result.status === 'stopped') return STOPPED_TOOL_TEXT;
  return capToolText(`Error: ${result.message}`);
}

/** TL9: what the user sees besides the text, within its limits (HTML cannot be cut: it is replaced). */
function cappedDisplay(display: ToolDisplay): NonNullable<ToolRun['display']> {
  if (display.kind === 'cards') {
    return {
      kind: 'cards',
      cards: display.cards.slice(0, TOOL_DISPLAY_MAX_CARDS).map((card) => ({ ...card })),
    };
  }
  if (display.kind === 'markdown') {
    return { kind: 'markdown', markdown: capToolText(display.markdown, TOOL_DISPLAY_MAX_CHARS) };
  }
  if (display.html.length <= TOOL_DISPLAY_MAX_CHARS) return display;
  const count = display.html.length.toLocaleString('en-US');
  return { kind: 'markdown', markdown: `*The result's page was ${count} characters, too large to keep.*` };
}

function toolRunOf(outcome: ToolCallOutcome): ToolRun {
  const { result } = outcome;
  const run: ToolRun = {
    status: result.status,
    durationMs: Math.max(0, Math.round(outcome.durationMs)),
    arguments: outcome.rawArguments,
  };
  if (outcome.origin) {
    const { kind, id, title, emoji } = outcome.origin;
    run.origin = { kind, id, title, ...(emoji ? { emoji } : {}) };
  }
  if (result.status === 'ok' && result.display) run.display = cappedDisplay(result.display);
  return run;
}

/**
 * TL3, TL6: one `function` message per call, in the order of the calls, chained under the answer
 * (each the parent of the next) so the path through the tree holds them all.
 */
export function toolResultMessages(
  answer: Pick<Message, 'id'>,
  outcomes: readonly ToolCallOutcome[],
  deps: MessageDeps,
): Message[] {
  const messages: Message[] = [];
  let parentId = answer.id;
  for (const outcome of outcomes) {
    const message = newMessage(
      {
        role: 'function',
        parentId,
        name: outcome.name,
        type: 'tool-response',
        content: toolResultText(outcome.result),
        toolRun: toolRunOf(outcome),
        ...(outcome.id !== '' ? { tool_call_id: outcome.id } : {}),
      },
      deps,
    );
    messages.push(message);
    parentId = message.id;
  }
  return messages;
}

/** TL1: the spec's shape keeps a single call also as `function_call` on the assistant message. */
export function withFunctionCall(answer: Message): Message {
  const calls = answer.tool_calls ?? [];
  if (calls.length !== 1 || answer.function_call) return answer;
  const only = calls[0] as NonNullable<Message['tool_calls']>[number];
  return { ...answer, function_call: { name: only.function.name, arguments: only.function.arguments } };
}

/** TL5: the answers with calls since the turn's user message (the path's last one). */
export function toolStepsInTurn(path: readonly Message[]): number {
  const start = path.findLastIndex((message) => message.role === 'user');
  return path.slice(start + 1).filter((m) => m.role === 'assistant' && toolCallsOf(m).length > 0).length;
}

/** TL5: the definitions the next request offers: none once the turn has used up its steps. */
export function toolsForNextRequest(
  path: readonly Message[],
  tools: readonly ChatTool[],
  limit = TOOL_STEP_LIMIT,
): ToolDefinition[] | undefined {
  if (tools.length === 0 || toolStepsInTurn(path) >= limit) return undefined;
  return tools.map((tool) => tool.definition);
}

/** TL5: an answer's calls are run only while the turn is within its steps. */
export function shouldRunToolCalls(path: readonly Message[], limit = TOOL_STEP_LIMIT): boolean {
  return toolStepsInTurn(path) <= limit;
}

/** TL5: the error every call of an answer past the limit gets (stored, not run; no further request). */
export function stepLimitOutcomes(
  calls: readonly StoredToolCall[],
  limit = TOOL_STEP_LIMIT,
): ToolCallOutcome[] {
  return calls.map((call) => ({
    id: call.id,
    name: call.name,
    rawArguments: call.arguments,
    durationMs: 0,
    result: { status: 'error', message: `The limit of ${limit} tool steps in one answer was reached.` },
  }));
}
