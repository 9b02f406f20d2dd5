import type { Chat } from '../entities';
import { planChatRequest, type ChatRequestInput, type ChatRequestPlan } from './chat-request-builder';
import type { PersonaInput } from './system-context';

/**
 * The one plan step of an answer (decision 0095): what every context source gathered just before
 * it (the profile, memory, the agent's endpoints; later a knowledge base) and the tools offered,
 * turned into the request. The sources are registered by the app; this module only knows their
 * shape, so a new source is a registration, not a change here.
 */

/** An agent endpoint that failed before an answer (DC6): the chat names it under the answer. */
export type ContextFailure = { name: string; error: string };

/** An agent endpoint this device has not approved (DC7): not called; the chat names it and its host. */
export type EndpointOff = { name: string; host: string };

/** What one source adds to the answer's system context, and what it could not. */
export type ContextPart = {
  persona?: Partial<PersonaInput>;
  failures?: readonly ContextFailure[];
  off?: readonly EndpointOff[];
};

export type GatheredContext = { persona: PersonaInput; failures: ContextFailure[]; off: EndpointOff[] };

/** What a source is asked with: the chat as the answer will see it, and the model's window. */
export type ContextRequest = { chat: Chat; contextLength: number; signal: AbortSignal };

/** One supplier of context before each answer (chat/SPEC SC*, agents SPEC DC*). */
export interface ContextSource {
  gather(request: ContextRequest): Promise<ContextPart>;
}

/**
 * Every source's part, gathered at once. A source that fails adds nothing: the answer still goes
 * (a store read that failed leaves that part out).
 */
export async function gatherContext(
  sources: readonly ContextSource[],
  request: ContextRequest,
): Promise<GatheredContext> {
  const parts = await Promise.all(
    sources.map((source) =>
      source.gather(request).catch((error: unknown): ContextPart => {
        console.warn('gathering the context failed', error);
        return {};
      }),
    ),
  );
  return {
    persona: Object.assign({}, ...parts.map((part) => part.persona ?? {})) as PersonaInput,
    failures: parts.flatMap((part) => part.failures ?? []),
    off: parts.flatMap((part) => part.off ?? []),
  };
}

/**
 * The request that answers the chat with what was gathered (SC*) and the tools it may offer
 * (RQ6). A gathered context that no longer fits the model's window is left out rather than the
 * answer refused: the chat answers as planned at send time.
 */
export function planAnswerRequest(input: ChatRequestInput): ChatRequestPlan {
  const plan = planChatRequest(input);
  if (plan.kind === 'ready' || input.persona === undefined) return plan;
  return planChatRequest({ ...input, persona: undefined });
}
