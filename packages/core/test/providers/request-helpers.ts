import { findModel } from '../../src/models/catalogue';
import type { ModelDescriptor } from '../../src/models/model-descriptor';
import { buildRequest } from '../../src/providers/build-request';
import type { ChatRequest } from '../../src/providers/chat-request';

export function catalogueModel(id: string): ModelDescriptor {
  const model = findModel(id);
  if (!model) throw new Error(`no model ${id}`);
  return model;
}

export function chatRequest(
  model: ModelDescriptor | string,
  overrides: Partial<ChatRequest> = {},
): ChatRequest {
  return {
    model: typeof model === 'string' ? catalogueModel(model) : model,
    messages: [{ role: 'user', content: 'Hi' }],
    settings: { stream: true },
    apiKey: 'test-key',
    ...overrides,
  };
}

/** buildRequest with the body parsed back, for assertions. */
export function built(request: ChatRequest): {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
} {
  const { url, init } = buildRequest(request);
  expectPost(init.method);
  return { url, headers: init.headers, body: JSON.parse(init.body) as Record<string, unknown> };
}

function expectPost(method: string): void {
  if (method !== 'POST') throw new Error(`expected POST, got ${method}`);
}

export const weatherTool = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
