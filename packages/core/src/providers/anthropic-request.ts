import type { ChatMessageInput, ChatRequest } from './chat-request';
import type { RequestParts } from './request-parts';
import {
  argumentsObject,
  CONVERSATION_START_TEXT,
  contentText,
  parseDataUrl,
  partText,
  toolCallsOf,
} from './message-content';
import { anthropicThinking } from './reasoning-request';

/** Anthropic Messages API request (SPEC.md PR10–PR16). */

export const ANTHROPIC_VERSION = '2023-06-01';
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

type Block =
  | { type: 'text'; text: string }
  | { type: 'image'; source: Record<string, string> }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string };

interface Turn {
  role: 'user' | 'assistant';
  content: Block[];
}

function userBlocks(message: ChatMessageInput): Block[] {
  if (typeof message.content === 'string' || message.content === null) {
    return message.content ? [{ type: 'text', text: message.content }] : [];
  }
  const blocks: Block[] = [];
  for (const part of message.content) {
    if (part.type === 'image_url') {
      const inline = parseDataUrl(part);
      blocks.push({
        type: 'image',
        source: inline
          ? { type: 'base64', media_type: inline.mediaType, data: inline.data }
          : { type: 'url', url: part.image_url.url },
      });
    } else {
      const text = partText(part);
      if (text) blocks.push({ type: 'text', text });
    }
  }
  return blocks;
}

/** Turns in message order, tool calls and results as blocks (or as text when no tools are sent). */
function toTurns(messages: readonly ChatMessageInput[], toolBlocks: boolean): Turn[] {
  const turns: Turn[] = [];
  // Legacy calls have no id: a synthetic one pairs the call with the next result of the same name.
  const unansweredByName = new Map<string, string[]>();
  let legacyCount = 0;
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'user') {
      turns.push({ role: 'user', content: userBlocks(message) });
      continue;
    }
    if (message.role === 'assistant') {
      const content: Block[] = [];
      const text = contentText(message.content);
      if (text) content.push({ type: 'text', text });
      for (const call of toolCallsOf(message)) {
        if (!toolBlocks) {
          content.push({ type: 'text', text: `[Called ${call.name} with ${call.arguments || '{}'}]` });
          continue;
        }
        const id = call.id || `toolu_legacy_${legacyCount++}`;
        content.push({ type: 'tool_use', id, name: call.name, input: argumentsObject(call.arguments) });
        const queue = unansweredByName.get(call.name) ?? [];
        queue.push(id);
        unansweredByName.set(call.name, queue);
      }
      turns.push({ role: 'assistant', content });
      continue;
    }
    const resultText = contentText(message.content);
    const name = message.name ?? '';
    const id = message.tool_call_id ?? unansweredByName.get(name)?.shift();
    turns.push({
      role: 'user',
      content: [
        toolBlocks && id
          ? { type: 'tool_result', tool_use_id: id, content: resultText }
          : { type: 'text', text: `[Result of ${name || 'tool'}]\n${resultText}` },
      ],
    });
  }
  return turns;
}

/** PR12: consecutive turns of one role become one; with `resultsFirst`, tool results lead a user turn. */
function mergeTurns(turns: readonly Turn[], resultsFirst: boolean): Turn[] {
  const merged: Turn[] = [];
  for (const turn of turns) {
    if (turn.content.length === 0) continue;
    const last = merged[merged.length - 1];
    if (last && last.role === turn.role) last.content.push(...turn.content);
    else merged.push({ role: turn.role, content: [...turn.content] });
  }
  for (const turn of merged) {
    if (resultsFirst && turn.role === 'user') {
      const results = turn.content.filter((b) => b.type === 'tool_result');
      if (results.length > 0)
        turn.content = [...results, ...turn.content.filter((b) => b.type !== 'tool_result')];
    }
  }
  return merged;
}

function idsOf(turn: Turn | undefined, type: 'tool_use' | 'tool_result'): Set<string> {
  const ids = new Set<string>();
  for (const block of turn?.content ?? []) {
    if (type === 'tool_use' && block.type === 'tool_use') ids.add(block.id);
    if (type === 'tool_result' && block.type === 'tool_result') ids.add(block.tool_use_id);
  }
  return ids;
}

/**
 * PR11: a tool_result must sit in the user turn right after the assistant turn holding its
 * tool_use. Results without that call become text; calls left without a result are dropped.
 */
function pairToolBlocks(turns: Turn[]): Turn[] {
  turns.forEach((turn, i) => {
    if (turn.role !== 'user') return;
    const calls = idsOf(turns[i - 1], 'tool_use');
    turn.content = turn.content.map((block) =>
      block.type === 'tool_result' && !calls.has(block.tool_use_id)
        ? { type: 'text', text: `[Tool result]\n${block.content}` }
        : block,
    );
  });
  turns.forEach((turn, i) => {
    if (turn.role !== 'assistant') return;
    const results = idsOf(turns[i + 1], 'tool_result');
    turn.content = turn.content.filter((block) => block.type !== 'tool_use' || results.has(block.id));
  });
  return mergeTurns(turns, true);
}

export function toAnthropicMessages(messages: readonly ChatMessageInput[], toolBlocks: boolean): Turn[] {
  const turns = pairToolBlocks(mergeTurns(toTurns(messages, toolBlocks), false));
  if (turns[0]?.role === 'assistant')
    turns.unshift({ role: 'user', content: [{ type: 'text', text: CONVERSATION_START_TEXT }] });
  // A final assistant turn (prefill) may not end with whitespace.
  const last = turns[turns.length - 1];
  const lastBlock = last?.role === 'assistant' ? last.content[last.content.length - 1] : undefined;
  if (lastBlock?.type === 'text') lastBlock.text = lastBlock.text.trimEnd();
  return turns;
}

export function anthropicSystem(messages: readonly ChatMessageInput[]): string {
  return messages
    .filter((m) => m.role === 'system')
    .map((m) => contentText(m.content))
    .filter((t) => t.length > 0)
    .join('\n\n');
}

export function buildAnthropicRequest(request: ChatRequest, base: string): RequestParts {
  const { model, settings } = request;
  const tools = model.pluginSupported !== false ? (request.tools ?? []) : [];
  const messages = toAnthropicMessages(request.messages, tools.length > 0);
  // PR24: Anthropic refuses thinking with a prefilled answer (a continuation, RQ4), and after tool
  // calls whose thinking blocks the request does not carry (a tool loop step): none is sent then.
  const last = messages[messages.length - 1];
  const noThinking = last?.role === 'assistant' || last?.content[0]?.type === 'tool_result';
  // PR14: required by Anthropic; PR24: with thinking, the budget comes on top of the answer's room.
  const thinking = anthropicThinking(
    model,
    noThinking ? { ...settings, thinkingBudget: undefined } : settings,
    settings.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
  );
  const body: Record<string, unknown> = {
    model: model.modelID,
    max_tokens: thinking.maxTokens,
    messages,
    stream: settings.stream,
  };
  const system = anthropicSystem(request.messages);
  if (system) body.system = system;
  if (thinking.budget !== undefined) {
    body.thinking = { type: 'enabled', budget_tokens: thinking.budget };
    // PR24: thinking takes no temperature (it runs at 1) and no top_k; top_p only from 0.95 to 1.
    if (settings.topP !== undefined) body.top_p = Math.min(1, Math.max(0.95, settings.topP));
  } else {
    // PR15: Anthropic's temperature range is 0–1; there are no presence or frequency penalties.
    if (settings.temperature !== undefined) body.temperature = Math.min(1, Math.max(0, settings.temperature));
    if (settings.topP !== undefined) body.top_p = settings.topP;
    if (settings.topK !== undefined) body.top_k = settings.topK;
  }
  if (settings.stop && settings.stop.length > 0) body.stop_sequences = [...settings.stop];
  if (tools.length > 0) {
    body.tools = tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.parameters,
    }));
  }
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'anthropic-version': ANTHROPIC_VERSION,
    // PR10: calls go straight from the browser with the user's own key.
    'anthropic-dangerous-direct-browser-access': 'true',
  };
  if (!model.skipAPIKey && request.apiKey) headers['x-api-key'] = request.apiKey;
  return { url: `${base}/messages`, headers, body };
}
