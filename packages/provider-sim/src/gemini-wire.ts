// Gemini generateContent chunks. With `alt=sse` every line ends in CRLF, every chunk repeats usageMetadata
// (cumulative counts), there is no [DONE], and the JSON is written with `": "` after keys, as Google does.
// Without `alt=sse`, streamGenerateContent sends one JSON array, element by element.
import type { HttpAnswer } from './http-io';
import type { ChatRequest, ScriptedReply } from './reply-plan';
import { stableId } from './seeded-random';
import type { Frame, StreamScript } from './stream-player';
import { toolCallTokens } from './token-limit';

type Json = Record<string, unknown>;

/** JSON the way Gemini's SSE writes it: a space after each colon, none after commas. */
export function googleSseJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(googleSseJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${googleSseJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

interface Counts {
  output: number;
  thoughts: number;
}

function usageMetadata(reply: ScriptedReply, counts: Counts): Json {
  return {
    promptTokenCount: reply.promptTokens,
    candidatesTokenCount: counts.output,
    totalTokenCount: reply.promptTokens + counts.output + counts.thoughts,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: reply.promptTokens }],
    ...(counts.thoughts > 0 ? { thoughtsTokenCount: counts.thoughts } : {}),
  };
}

const SAFETY_RATINGS = [
  { category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'NEGLIGIBLE' },
  { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
  { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
  { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', probability: 'NEGLIGIBLE' },
];

function finishReason(reply: ScriptedReply): string {
  return reply.cutByTokenLimit ? 'MAX_TOKENS' : 'STOP';
}

interface GeminiChunks {
  content: { chunk: Json; tokens: number }[];
  final: Json;
}

/** The sequence of response objects; both stream encodings and the whole response are built from it. */
function geminiChunks(reply: ScriptedReply, request: ChatRequest): GeminiChunks {
  const responseId = stableId('', reply.seed, 'response', 23);
  const counts: Counts = { output: 0, thoughts: 0 };
  const wrap = (candidate: Json): Json => ({
    candidates: [candidate],
    usageMetadata: usageMetadata(reply, counts),
    modelVersion: request.model,
    responseId,
  });
  const withParts = (parts: Json[]): Json => ({ content: { parts, role: 'model' }, index: 0 });

  const content: GeminiChunks['content'] = [];
  if (reply.promptBlocked) {
    // The prompt itself is blocked: no candidates, only promptFeedback and the prompt's usage.
    const { reason, message } = reply.promptBlocked;
    return {
      content,
      final: {
        promptFeedback: { blockReason: reason, ...(message ? { blockReasonMessage: message } : {}) },
        usageMetadata: usageMetadata(reply, counts),
        modelVersion: request.model,
        responseId,
      },
    };
  }
  for (const text of reply.reasoningDeltas) {
    counts.thoughts++;
    content.push({ chunk: wrap(withParts([{ text, thought: true }])), tokens: 1 });
  }
  if (reply.refusalDeltas) {
    // Gemini's refusal: the candidate is stopped by the safety filter and carries no content at all.
    return { content, final: wrap({ finishReason: 'SAFETY', index: 0, safetyRatings: SAFETY_RATINGS }) };
  }
  for (const text of reply.textDeltas) {
    counts.output++;
    content.push({ chunk: wrap(withParts([{ text }])), tokens: 1 });
  }
  reply.toolCalls.forEach((call, i) => {
    counts.output += toolCallTokens(call);
    // Gemini sends each call whole (args is an object), so one cut by the token limit is counted but never
    // sent; the first call carries a thought signature the client must send back.
    if (!call.complete) return;
    const part: Json = { functionCall: { name: call.name, args: JSON.parse(call.argumentsJson) as unknown } };
    if (i === 0) part.thoughtSignature = `Ep${stableId('', reply.seed, 'sig', 62)}`;
    content.push({ chunk: wrap(withParts([part])), tokens: toolCallTokens(call) });
  });
  return {
    content,
    final: wrap({
      content: { parts: [{ text: '' }], role: 'model' },
      finishReason: finishReason(reply),
      index: 0,
    }),
  };
}

export function geminiStreamScript(reply: ScriptedReply, request: ChatRequest, sse: boolean): StreamScript {
  const { content, final } = geminiChunks(reply, request);
  if (sse) {
    const frame = (chunk: Json, tokens: number): Frame => ({
      data: `data: ${googleSseJson(chunk)}\r\n\r\n`,
      tokens,
    });
    return {
      preamble: [],
      content: content.map(({ chunk, tokens }) => frame(chunk, tokens)),
      finale: [frame(final, 0)],
      // Gemini has no error event: a failed stream just stops, with no finishReason.
      midstreamError: [],
    };
  }
  const element = (chunk: Json, first: boolean) =>
    `${first ? '[' : '\r\n,\r\n'}${JSON.stringify(chunk, null, 2)}`;
  return {
    preamble: [],
    content: content.map(({ chunk, tokens }, i) => ({ data: element(chunk, i === 0), tokens })),
    finale: [{ data: `${element(final, content.length === 0)}\r\n]`, tokens: 0 }],
    midstreamError: [],
    contentType: 'application/json; charset=UTF-8',
  };
}

/** The `:generateContent` body: all parts in one candidate, pretty-printed as Google does. */
export function geminiJsonReply(reply: ScriptedReply, request: ChatRequest): HttpAnswer {
  const { content, final } = geminiChunks(reply, request);
  const parts = content.flatMap(({ chunk }) => partsOf(chunk));
  const merged: Json[] = [];
  for (const part of parts) {
    const previous = merged[merged.length - 1];
    const sameKind =
      previous &&
      typeof previous.text === 'string' &&
      typeof part.text === 'string' &&
      previous.thought === part.thought;
    if (sameKind) previous.text = `${String(previous.text)}${String(part.text)}`;
    else merged.push({ ...part });
  }
  const finalCandidate = (final.candidates as Json[])[0] ?? {};
  const candidate = reply.refusalDeltas
    ? finalCandidate
    : { content: { parts: merged, role: 'model' }, finishReason: finishReason(reply), index: 0 };
  const body = { ...final, candidates: [candidate] };
  return {
    status: 200,
    body: `${JSON.stringify(body, null, 2)}\n`,
    contentType: 'application/json; charset=UTF-8',
  };
}

function partsOf(chunk: Json): Json[] {
  const candidate = (chunk.candidates as Json[])[0];
  const content = candidate?.content as Json | undefined;
  return (content?.parts as Json[] | undefined) ?? [];
}
