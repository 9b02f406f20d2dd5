import type { ChatMessageInput, ChatRequest } from './chat-request';
import type { RequestParts } from './request-parts';
import { contentText, hasImages, toolCallsOf } from './message-content';
import { isOpenAIReasoningModel, openAIReasoningFields } from './reasoning-request';

/** OpenAI Chat Completions request (SPEC.md PR5–PR9); OpenRouter, Setapp and compatible servers share it. */

type OpenAIMessage = Record<string, unknown>;

function userContent(message: ChatMessageInput): unknown {
  if (!hasImages(message.content) || !Array.isArray(message.content)) return contentText(message.content);
  // Vision: keep the parts array; text files become text parts headed by the file name.
  return message.content.map((part) => {
    if (part.type === 'image_url') return { type: 'image_url', image_url: { url: part.image_url.url } };
    return { type: 'text', text: contentText([part]) };
  });
}

function assistantMessage(message: ChatMessageInput): OpenAIMessage {
  const text = contentText(message.content);
  const calls = toolCallsOf(message);
  if (calls.length === 0) return { role: 'assistant', content: text };
  const withIds = calls.every((call) => call.id !== '');
  if (withIds) {
    return {
      role: 'assistant',
      content: text || null,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  }
  // PR7: a legacy call without an id stays a legacy function_call.
  const first = calls[0] as { name: string; arguments: string };
  return {
    role: 'assistant',
    content: text || null,
    function_call: { name: first.name, arguments: first.arguments },
  };
}

export function toOpenAIMessages(messages: readonly ChatMessageInput[]): OpenAIMessage[] {
  return messages.map((message): OpenAIMessage => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: contentText(message.content) };
      case 'user':
        return { role: 'user', content: userContent(message) };
      case 'assistant':
        return assistantMessage(message);
      case 'function':
        // PR7: a result that names its tool call is a tool message, else a legacy function message.
        return message.tool_call_id
          ? { role: 'tool', tool_call_id: message.tool_call_id, content: contentText(message.content) }
          : { role: 'function', name: message.name ?? '', content: contentText(message.content) };
    }
  });
}

/** Builds POST {base}{path}; `path` is /chat/completions, or /api/hosted/tm_completions for Setapp. */
export function buildOpenAIRequest(request: ChatRequest, base: string, path: string): RequestParts {
  const { model, settings } = request;
  const body: Record<string, unknown> = {
    model: model.modelID,
    messages: toOpenAIMessages(request.messages),
    stream: settings.stream,
  };
  // PR6: ask for the final usage chunk unless the model says its endpoint rejects stream_options.
  if (settings.stream && model.streamUsageSupported !== false) body.stream_options = { include_usage: true };
  const reasoning = openAIReasoningFields(model, settings);
  // PR23: OpenAI refuses sampling settings with a reasoning effort other than none.
  if (reasoning.sampling) {
    if (settings.temperature !== undefined) body.temperature = settings.temperature;
    if (settings.topP !== undefined) body.top_p = settings.topP;
    if (settings.presencePenalty !== undefined) body.presence_penalty = settings.presencePenalty;
    if (settings.frequencyPenalty !== undefined) body.frequency_penalty = settings.frequencyPenalty;
  }
  // OpenAI itself rejects top_k; OpenRouter and self-hosted compatible servers accept it.
  if (settings.topK !== undefined && (model.provider === 'openrouter' || model.provider === 'custom')) {
    body.top_k = settings.topK;
  }
  Object.assign(body, reasoning.fields);
  // PR23: OpenAI's reasoning models take the limit as max_completion_tokens (they refuse max_tokens).
  const limitField = isOpenAIReasoningModel(model) ? 'max_completion_tokens' : 'max_tokens';
  // PR8: vision preview models accept at most 1000 output tokens and need the field set.
  const cap = model.maxTokensCap;
  if (cap !== undefined) body[limitField] = Math.min(settings.maxTokens ?? cap, cap);
  else if (settings.maxTokens !== undefined) {
    // RC5: never more than the model's output limit.
    body[limitField] = Math.min(settings.maxTokens, model.maxOutputTokens ?? settings.maxTokens);
  }
  if (settings.stop && settings.stop.length > 0) body.stop = [...settings.stop];
  if (request.tools && request.tools.length > 0 && model.pluginSupported !== false) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  }

  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (!model.skipAPIKey && request.apiKey) headers.Authorization = `Bearer ${request.apiKey}`;
  if (model.provider === 'openrouter' && request.appInfo) {
    // PR9: OpenRouter attribution.
    headers['HTTP-Referer'] = request.appInfo.url;
    headers['X-Title'] = request.appInfo.title;
  }
  return { url: `${base}${path}`, headers, body };
}
