// OpenAI Chat Completions stream and response bodies, in both flavours the simulator speaks:
// plain OpenAI (and OpenAI-compatible servers) and OpenRouter, whose chunks differ in small real ways.
import type { HttpAnswer } from './http-io';
import type { MidstreamShape } from './directives';
import type { ChatRequest, ScriptedReply } from './reply-plan';
import { randomInt, seededRandom, stableId } from './seeded-random';
import type { Frame, StreamScript } from './stream-player';

type Json = Record<string, unknown>;

const FINGERPRINT = 'fp_sim0c0ffee';

const sse = (value: unknown, tokens = 0): Frame => ({ data: `data: ${JSON.stringify(value)}\n\n`, tokens });

function finishReason(reply: ScriptedReply): string {
  // Cut by max_tokens: "length", even when the cut left a tool call half-written.
  if (reply.cutByTokenLimit) return 'length';
  return reply.toolCalls.length > 0 ? 'tool_calls' : 'stop';
}

function usage(reply: ScriptedReply, request: ChatRequest): Json {
  const total = reply.promptTokens + reply.completionTokens;
  const base = {
    prompt_tokens: reply.promptTokens,
    completion_tokens: reply.completionTokens,
    total_tokens: total,
  };
  if (request.flavour === 'openrouter') {
    // Prices of a small model: $0.15 per million prompt tokens, $0.60 per million completion tokens.
    const promptCost = (reply.promptTokens * 0.15) / 1e6;
    const completionCost = (reply.completionTokens * 0.6) / 1e6;
    return {
      ...base,
      cost: Number((promptCost + completionCost).toFixed(12)),
      is_byok: false,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      cost_details: {
        upstream_inference_cost: null,
        upstream_inference_prompt_cost: Number(promptCost.toFixed(12)),
        upstream_inference_completions_cost: Number(completionCost.toFixed(12)),
      },
      completion_tokens_details: { reasoning_tokens: reply.reasoningTokens, image_tokens: 0 },
    };
  }
  return {
    ...base,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: reply.reasoningTokens,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function toolCallId(reply: ScriptedReply, index: number): string {
  return stableId('call_', reply.seed, `tool${index}`, 24);
}

/** What Anthropic answered behind OpenRouter when it was overloaded, as OpenRouter relays it. */
export const UPSTREAM_OVERLOADED = JSON.stringify({
  type: 'error',
  error: { type: 'overloaded_error', message: 'Overloaded' },
});

/**
 * The reply as gpt-oss harmony: the reasoning in the analysis channel, the text in the final one.
 * Tags are cut in two so clients must join them across deltas.
 */
function harmonyPieces(reply: ScriptedReply): string[] {
  const reasoning = reply.reasoningDeltas.length > 0 ? reply.reasoningDeltas : ['Thinking it over.'];
  return [
    '<|channel|>',
    'analysis',
    '<|message|>',
    ...reasoning,
    '<|end|>',
    '<|start|>assistant<|chan',
    'nel|>final<|mess',
    'age|>',
    ...reply.textDeltas,
    '<|return|>',
  ];
}

const DONE: Frame = { data: 'data: [DONE]\n\n', tokens: 0 };

/** OpenRouter's failure after tokens were sent: an error inside a normal chunk, then [DONE]. */
function openrouterMidstream(shape: MidstreamShape | null, errorChunk: (error: Json) => Frame): Frame[] {
  const error =
    shape === 'raw'
      ? {
          code: 502,
          message: 'Provider returned error',
          metadata: { raw: UPSTREAM_OVERLOADED, provider_name: 'Anthropic' },
        }
      : { code: 'server_error', message: 'Provider disconnected unexpectedly' };
  return [errorChunk(error), DONE];
}

/** The failure of an OpenAI-compatible server mid-stream, in the shape asked for. */
function compatibleMidstream(shape: MidstreamShape | null): Frame[] {
  switch (shape) {
    case 'event':
      // Groq's and LiteLLM's shape: an `event: error` frame, then the connection closes.
      return [
        {
          data: 'event: error\ndata: {"error":{"message":"Service Unavailable: the model stopped responding","type":"internal_server_error","code":503}}\n\n',
          tokens: 0,
        },
      ];
    case 'field':
      // An `error:` field line (not `data:`), then the usual [DONE].
      return [
        {
          data: 'error: {"message":"upstream connect error or disconnect/reset before headers","type":"upstream_error","code":502}\n\n',
          tokens: 0,
        },
        DONE,
      ];
    default:
      // llama.cpp's shape: a data line holding only an error object, then the stream simply ends.
      return [
        sse({
          error: {
            code: 500,
            message: 'Internal server error: generation was interrupted',
            type: 'server_error',
          },
        }),
      ];
  }
}

/** Builds every chunk of one streamed completion; OpenRouter repeats the role in each delta, as it does. */
export function openaiStreamScript(reply: ScriptedReply, request: ChatRequest): StreamScript {
  const openrouter = request.flavour === 'openrouter';
  const created = Math.floor(Date.now() / 1000);
  const random = seededRandom(reply.seed);
  const id = openrouter
    ? `gen-${created}-${stableId('', reply.seed, 'gen', 20)}`
    : stableId('chatcmpl-', reply.seed, 'id', 29);

  const chunk = (delta: Json, finish: string | null, extra: Json = {}): Json => {
    if (openrouter) {
      const choice = {
        index: 0,
        delta: { role: 'assistant', ...delta },
        finish_reason: finish,
        native_finish_reason: finish,
        logprobs: null,
      };
      return {
        id,
        provider: 'OpenAI',
        model: request.model,
        object: 'chat.completion.chunk',
        created,
        choices: [choice],
        ...extra,
      };
    }
    return {
      id,
      object: 'chat.completion.chunk',
      created,
      model: request.model,
      service_tier: 'default',
      system_fingerprint: FINGERPRINT,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(request.includeUsage ? { usage: null } : {}),
      // OpenAI pads chunks with a random-length field so sizes do not leak the tokens.
      obfuscation: stableId('', reply.seed, `pad${random()}`, randomInt(random, 1, 14)),
      ...extra,
    };
  };

  const preamble: Frame[] = openrouter
    ? [0, 1, 2].map(() => ({ data: ': OPENROUTER PROCESSING\n\n', tokens: 0 }))
    : [];
  preamble.push(sse(chunk({ role: 'assistant', content: '', refusal: null }, null)));

  const content: Frame[] = [];
  if (reply.harmony) {
    // gpt-oss behind a server without the harmony parser: the channels arrive as plain content,
    // with tags split across deltas as a tokenizer splits them.
    const pieces = harmonyPieces(reply);
    for (const piece of pieces) content.push(sse(chunk({ content: piece }, null), 1));
  }
  for (const piece of reply.harmony ? [] : reply.reasoningDeltas) {
    const delta = openrouter
      ? {
          content: '',
          reasoning: piece,
          reasoning_details: [{ type: 'reasoning.text', text: piece, index: 0, format: null }],
        }
      : { reasoning_content: piece };
    content.push(sse(chunk(delta, null), 1));
  }
  for (const piece of reply.refusalDeltas ?? []) content.push(sse(chunk({ refusal: piece }, null), 1));
  for (const piece of reply.harmony ? [] : reply.textDeltas)
    content.push(sse(chunk({ content: piece }, null), 1));
  reply.toolCalls.forEach((call, index) => {
    const opening = {
      index,
      id: toolCallId(reply, index),
      type: 'function',
      function: { name: call.name, arguments: '' },
    };
    content.push(sse(chunk({ tool_calls: [opening] }, null), 1));
    for (const piece of call.argumentPieces) {
      content.push(sse(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null), 1));
    }
  });

  const finale: Frame[] = [sse(chunk(openrouter ? { content: '' } : {}, finishReason(reply)))];
  if (openrouter) finale.push(sse(chunk({ content: '' }, null, { usage: usage(reply, request) })));
  else if (request.includeUsage)
    finale.push(sse({ ...chunk({}, null), choices: [], usage: usage(reply, request) }));
  finale.push({ data: 'data: [DONE]\n\n', tokens: 0 });

  const errorChunk = (error: Json): Frame => sse({ ...chunk({ content: '' }, 'error'), error });
  const midstreamError = openrouter
    ? openrouterMidstream(reply.midstreamShape, errorChunk)
    : compatibleMidstream(reply.midstreamShape);

  return { preamble, content, finale, midstreamError };
}

/** The whole-response body for `stream: false`. */
export function openaiJsonReply(reply: ScriptedReply, request: ChatRequest): HttpAnswer {
  const openrouter = request.flavour === 'openrouter';
  const created = Math.floor(Date.now() / 1000);
  const text = reply.textDeltas.join('');
  const reasoning = reply.reasoningDeltas.join('');
  const message: Json = {
    role: 'assistant',
    content: reply.refusalDeltas || (text === '' && reply.toolCalls.length > 0) ? null : text,
    refusal: reply.refusalDeltas ? reply.refusalDeltas.join('') : null,
  };
  if (reasoning !== '') {
    if (openrouter) {
      message.reasoning = reasoning;
      message.reasoning_details = [{ type: 'reasoning.text', text: reasoning, index: 0, format: null }];
    } else message.reasoning_content = reasoning;
  }
  if (reply.toolCalls.length > 0) {
    message.tool_calls = reply.toolCalls.map((call, index) => ({
      id: toolCallId(reply, index),
      type: 'function',
      function: { name: call.name, arguments: call.argumentsJson },
    }));
  }
  const finish = finishReason(reply);
  if (openrouter) {
    const body = {
      id: `gen-${created}-${stableId('', reply.seed, 'gen', 20)}`,
      provider: 'OpenAI',
      model: request.model,
      object: 'chat.completion',
      created,
      choices: [{ logprobs: null, finish_reason: finish, native_finish_reason: finish, index: 0, message }],
      usage: usage(reply, request),
    };
    // OpenRouter writes whitespace while the upstream model works, before the JSON itself.
    return { status: 200, body: `\n\n${JSON.stringify(body)}` };
  }
  message.annotations = [];
  const body = {
    id: stableId('chatcmpl-', reply.seed, 'id', 29),
    object: 'chat.completion',
    created,
    model: request.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
    usage: usage(reply, request),
    service_tier: 'default',
    system_fingerprint: FINGERPRINT,
  };
  return { status: 200, body: JSON.stringify(body) };
}
