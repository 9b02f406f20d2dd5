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
import { geminiThinkingConfig } from './reasoning-request';

/** Gemini generateContent / streamGenerateContent request (SPEC.md PR17–PR21). */

type Part = Record<string, unknown>;

interface Content {
  role: 'user' | 'model';
  parts: Part[];
}

function userParts(message: ChatMessageInput): Part[] {
  if (typeof message.content === 'string' || message.content === null) {
    return message.content ? [{ text: message.content }] : [];
  }
  const parts: Part[] = [];
  for (const part of message.content) {
    if (part.type === 'image_url') {
      const inline = parseDataUrl(part);
      // Gemini reads images inline; a remote URL is passed on as text.
      parts.push(
        inline
          ? { inlineData: { mimeType: inline.mediaType, data: inline.data } }
          : { text: part.image_url.url },
      );
    } else {
      const text = partText(part);
      if (text) parts.push({ text });
    }
  }
  return parts;
}

/** PR19: the function response must be an object; a JSON object result is sent as is. */
function functionResponse(text: string): Record<string, unknown> {
  const parsed = argumentsObject(text);
  return Object.keys(parsed).length > 0 ? parsed : { content: text };
}

export function toGeminiContents(messages: readonly ChatMessageInput[], functionParts: boolean): Content[] {
  const contents: Content[] = [];
  const callNames = new Map<string, string>();
  const push = (role: Content['role'], parts: Part[]): void => {
    if (parts.length === 0) return;
    const last = contents[contents.length - 1];
    // Gemini wants user and model turns to alternate.
    if (last && last.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'user') {
      push('user', userParts(message));
    } else if (message.role === 'assistant') {
      const parts: Part[] = [];
      const text = contentText(message.content);
      if (text) parts.push({ text });
      for (const call of toolCallsOf(message)) {
        callNames.set(call.id, call.name);
        if (!functionParts) {
          parts.push({ text: `[Called ${call.name} with ${call.arguments || '{}'}]` });
          continue;
        }
        parts.push({
          functionCall: { name: call.name, args: argumentsObject(call.arguments) },
          ...(call.signature ? { thoughtSignature: call.signature } : {}),
        });
      }
      push('model', parts);
    } else {
      const text = contentText(message.content);
      const name =
        message.name ?? (message.tool_call_id ? callNames.get(message.tool_call_id) : undefined) ?? '';
      push(
        'user',
        functionParts && name
          ? [{ functionResponse: { name, response: functionResponse(text) } }]
          : [{ text: `[Result of ${name || 'tool'}]\n${text}` }],
      );
    }
  }
  if (contents[0]?.role === 'model')
    contents.unshift({ role: 'user', parts: [{ text: CONVERSATION_START_TEXT }] });
  return contents;
}

export function buildGeminiRequest(request: ChatRequest, base: string): RequestParts {
  const { model, settings } = request;
  const tools = model.pluginSupported !== false ? (request.tools ?? []) : [];
  const body: Record<string, unknown> = { contents: toGeminiContents(request.messages, tools.length > 0) };
  const system = request.messages
    .filter((m) => m.role === 'system')
    .map((m) => contentText(m.content))
    .filter((t) => t.length > 0)
    .join('\n\n');
  if (system) body.systemInstruction = { parts: [{ text: system }] };
  const config: Record<string, unknown> = {};
  if (settings.temperature !== undefined) config.temperature = settings.temperature;
  if (settings.topP !== undefined) config.topP = settings.topP;
  if (settings.topK !== undefined) config.topK = settings.topK;
  const cap = model.maxTokensCap;
  // RC5: never more than the model's output limit.
  const maxTokens =
    cap === undefined
      ? settings.maxTokens === undefined
        ? undefined
        : Math.min(settings.maxTokens, model.maxOutputTokens ?? settings.maxTokens)
      : Math.min(settings.maxTokens ?? cap, cap);
  if (maxTokens !== undefined) config.maxOutputTokens = maxTokens;
  if (settings.stop && settings.stop.length > 0) config.stopSequences = [...settings.stop];
  if (settings.presencePenalty !== undefined) config.presencePenalty = settings.presencePenalty;
  if (settings.frequencyPenalty !== undefined) config.frequencyPenalty = settings.frequencyPenalty;
  // PR25: thinkingConfig sits inside generationConfig.
  const thinking = geminiThinkingConfig(model, settings);
  if (thinking) config.thinkingConfig = thinking;
  if (Object.keys(config).length > 0) body.generationConfig = config;
  if (tools.length > 0) {
    body.tools = [
      {
        functionDeclarations: tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parameters: tool.parameters,
        })),
      },
    ];
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  // PR17: the key goes in a header, never in the URL, so it stays out of logs and history.
  if (!model.skipAPIKey && request.apiKey) headers['x-goog-api-key'] = request.apiKey;
  const method = settings.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return { url: `${base}/models/${model.modelID}:${method}`, headers, body };
}
