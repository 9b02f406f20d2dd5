/**
 * Values older versions stored that the app no longer understands, and their current form. Shared by
 * the entity migrations (old chats arriving by import or sync) and the one-time legacy migration.
 */

const RETIRED_MODEL_IDS: Readonly<Record<string, string>> = {
  'gpt-4-0613': 'gpt-4',
  'gpt-4-32k-0613': 'gpt-4-32k',
  'gpt-3.5-turbo-0613': 'gpt-3.5-turbo',
  'gpt-3.5-turbo-16k-0613': 'gpt-3.5-turbo-16k',
  'claude-v1': 'claude-1',
  'claude-v1-100k': 'claude-1-100k',
  'claude-instant-v1': 'claude-instant-1',
  'claude-instant-v1-100k': 'claude-instant-1-100k',
};

/** The current id for a model id some older version stored (0613 variants become their base model). */
export function currentModelId(modelId: string): string {
  const renamed = RETIRED_MODEL_IDS[modelId];
  if (renamed) return renamed;
  return modelId.endsWith('-0613') ? modelId.slice(0, -'-0613'.length) : modelId;
}

/** Same as currentModelId for values that may not be strings. */
export function currentModelIdOf(value: unknown): unknown {
  return typeof value === 'string' ? currentModelId(value) : value;
}

const ANTHROPIC_COMPLETE_PATH = /\/v1\/complete(?=$|[?#])/;

/** The retired Anthropic text-completion endpoint (`…/v1/complete`) becomes the messages endpoint. */
export function currentAnthropicEndpoint(url: string): string {
  return url.replace(ANTHROPIC_COMPLETE_PATH, '/v1/messages');
}

/** Applies both renames to a stored model descriptor snapshot (modelInfo or a custom model). */
export function currentModelInfo(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const info = { ...(value as Record<string, unknown>) };
  for (const key of ['id', 'modelID'] as const) info[key] = currentModelIdOf(info[key]);
  if (typeof info.endpoint === 'string') info.endpoint = currentAnthropicEndpoint(info.endpoint);
  for (const key of Object.keys(info)) if (info[key] === undefined) delete info[key];
  return info;
}
