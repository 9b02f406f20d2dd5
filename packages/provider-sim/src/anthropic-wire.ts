// Anthropic Messages stream events and response body. Real streams pad the JSON inside `data:` with spaces
// before the closing brace and send `ping` events; message_delta carries cumulative usage.
import type { HttpAnswer } from './http-io';
import type { ScriptedReply, ChatRequest } from './reply-plan';
import { randomInt, seededRandom, stableId } from './seeded-random';
import type { Frame, StreamScript } from './stream-player';

type Json = Record<string, unknown>;

function stopReason(reply: ScriptedReply): string {
  if (reply.refusalDeltas) return 'refusal';
  if (reply.cutByTokenLimit) return 'max_tokens';
  return reply.toolCalls.length > 0 ? 'tool_use' : 'end_turn';
}

function usage(reply: ScriptedReply, outputTokens: number): Json {
  return {
    input_tokens: reply.promptTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: outputTokens,
  };
}

const messageId = (reply: ScriptedReply) => stableId('msg_01', reply.seed, 'msg', 22);
const toolUseId = (reply: ScriptedReply, index: number) =>
  stableId('toolu_01', reply.seed, `tool${index}`, 22);
const signature = (reply: ScriptedReply) => `Eq${stableId('', reply.seed, 'sig', 86)}==`;

export function anthropicStreamScript(reply: ScriptedReply, request: ChatRequest): StreamScript {
  const random = seededRandom(reply.seed);
  // Padding as recorded: 0-15 spaces before the final brace of most events.
  const event = (type: string, value: Json, tokens = 0): Frame => {
    const padding = ' '.repeat(randomInt(random, 0, 3) === 0 ? 0 : randomInt(random, 1, 15));
    const json = JSON.stringify({ type, ...value });
    return { data: `event: ${type}\ndata: ${json.slice(0, -1)}${padding}}\n\n`, tokens };
  };
  const ping: Frame = { data: 'event: ping\ndata: {"type": "ping"}\n\n', tokens: 0 };

  const preamble = [
    event('message_start', {
      message: {
        id: messageId(reply),
        type: 'message',
        role: 'assistant',
        model: request.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage(reply, 1), service_tier: 'standard' },
      },
    }),
  ];

  const content: Frame[] = [];
  let index = 0;
  const block = (start: Json, deltas: Json[], closing: Json[] = []) => {
    content.push(event('content_block_start', { index, content_block: start }));
    if (index === 0) content.push(ping);
    for (const delta of deltas) content.push(event('content_block_delta', { index, delta }, 1));
    for (const delta of closing) content.push(event('content_block_delta', { index, delta }));
    content.push(event('content_block_stop', { index }));
    index++;
  };
  if (reply.reasoningDeltas.length > 0) {
    block(
      { type: 'thinking', thinking: '', signature: '' },
      reply.reasoningDeltas.map((thinking) => ({ type: 'thinking_delta', thinking })),
      [{ type: 'signature_delta', signature: signature(reply) }],
    );
  }
  // A refusal stops the message with no content blocks at all, as the real API can.
  if (!reply.refusalDeltas && reply.textDeltas.length > 0) {
    block(
      { type: 'text', text: '' },
      reply.textDeltas.map((text) => ({ type: 'text_delta', text })),
    );
  }
  reply.toolCalls.forEach((call, i) => {
    block(
      { type: 'tool_use', id: toolUseId(reply, i), name: call.name, input: {} },
      // The first input_json_delta is always empty in real streams.
      ['', ...call.argumentPieces].map((partial_json) => ({ type: 'input_json_delta', partial_json })),
    );
  });

  const finale = [
    event('message_delta', {
      delta: { stop_reason: stopReason(reply), stop_sequence: null },
      usage: usage(reply, reply.completionTokens),
    }),
    event('message_stop', {}),
  ];
  // `restart`: a proxy that retried upstream joins a second message into the stream.
  const restart = reply.midstreamShape === 'restart';
  const second = String(preamble[0]?.data ?? '').replace(messageId(reply), `${messageId(reply)}_retry`);
  const midstreamError: Frame[] = restart
    ? [{ data: second, tokens: 0 }, ...content, ...finale]
    : [
        {
          data: 'event: error\ndata: {"type":"error","error":{"details":null,"type":"overloaded_error","message":"Overloaded"} }\n\n',
          tokens: 0,
        },
      ];
  return { preamble, content, finale, midstreamError };
}

export function anthropicJsonReply(reply: ScriptedReply, request: ChatRequest): HttpAnswer {
  const content: Json[] = [];
  if (reply.reasoningDeltas.length > 0) {
    content.push({ type: 'thinking', thinking: reply.reasoningDeltas.join(''), signature: signature(reply) });
  }
  if (!reply.refusalDeltas && reply.textDeltas.length > 0)
    content.push({ type: 'text', text: reply.textDeltas.join('') });
  reply.toolCalls.forEach((call, i) => {
    content.push({
      type: 'tool_use',
      id: toolUseId(reply, i),
      name: call.name,
      // A body must hold a valid object: a call cut by max_tokens comes back with an empty input.
      input: call.complete ? (JSON.parse(call.argumentsJson) as unknown) : {},
    });
  });
  const body = {
    id: messageId(reply),
    type: 'message',
    role: 'assistant',
    model: request.model,
    content,
    stop_reason: stopReason(reply),
    stop_sequence: null,
    usage: { ...usage(reply, reply.completionTokens), service_tier: 'standard' },
  };
  return {
    status: 200,
    body: JSON.stringify(body),
    headers: { 'request-id': stableId('req_011', reply.seed, 'req', 21) },
  };
}
