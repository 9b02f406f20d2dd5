import type { Character, DynamicContextEndpoint, EndpointRow } from '@parley/core/entities';

/** What the agent form edits; turned back into a Character on save. */
export type AgentDraft = {
  title: string;
  description: string;
  avatarURL: string;
  welcomeMessage: string;
  instruction: string;
  trainingExamples: { user: string; assistant: string }[];
  endpoints: DynamicContextEndpoint[];
  /** '' = the default model. */
  model: string;
  modelLocked: boolean;
  pinned: boolean;
};

export function draftOf(agent: Character | null): AgentDraft {
  const examples: AgentDraft['trainingExamples'] = [];
  for (const example of agent?.trainingExamples ?? []) {
    const last = examples.at(-1);
    // Stored as turns; shown as user/assistant pairs (a lone turn gets an empty partner).
    if (example.role === 'user' || !last || last.assistant !== '') {
      examples.push(
        example.role === 'user'
          ? { user: example.content, assistant: '' }
          : { user: '', assistant: example.content },
      );
    } else last.assistant = example.content;
  }
  return {
    title: agent?.title ?? '',
    description: agent?.description ?? '',
    avatarURL: agent?.avatarURL ?? '',
    welcomeMessage: agent?.welcomeMessage ?? '',
    instruction: agent?.instruction ?? '',
    trainingExamples: examples,
    endpoints: agent?.dynamicContextEndpoints.map((endpoint) => ({ ...endpoint })) ?? [],
    model: agent?.model ?? '',
    modelLocked: agent?.modelLocked ?? false,
    pinned: agent?.pinned ?? false,
  };
}

const cleanRows = (rows: readonly EndpointRow[]) =>
  rows
    .filter((row) => row.key.trim() !== '' || row.value.trim() !== '')
    .map((row) => ({ ...row, key: row.key.trim() }));

/** The fields of a Character the draft sets; empty training pairs and rows are dropped. */
export function agentFieldsOf(draft: AgentDraft): Partial<Character> {
  const trainingExamples = draft.trainingExamples.flatMap((pair) => [
    ...(pair.user.trim() ? [{ role: 'user' as const, content: pair.user }] : []),
    ...(pair.assistant.trim() ? [{ role: 'assistant' as const, content: pair.assistant }] : []),
  ]);
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    avatarURL: draft.avatarURL.trim() || null,
    welcomeMessage: draft.welcomeMessage,
    instruction: draft.instruction,
    trainingExamples,
    dynamicContextEndpoints: draft.endpoints.map((endpoint) => ({
      ...endpoint,
      name: endpoint.name.trim(),
      url: endpoint.url.trim(),
      headers: cleanRows(endpoint.headers),
      body: cleanRows(endpoint.body),
    })),
    model: draft.model || null,
    modelLocked: draft.model !== '' && draft.modelLocked,
    pinned: draft.pinned,
  };
}
