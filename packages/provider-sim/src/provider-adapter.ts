import type { IncomingMessage } from 'node:http';
import type { ContextServer } from './directives';
import type { HttpAnswer } from './http-io';
import type { ChatRequest, ScriptedReply } from './reply-plan';
import type { StreamScript } from './stream-player';

/** Everything a provider module may look at for one chat request. */
export interface ChatContext {
  req: IncomingMessage;
  url: URL;
  /** The body parsed as JSON, or undefined when it was not valid JSON. */
  body: unknown;
}

/**
 * One provider's wire format. The chat handler runs the same steps for every provider (auth, parse, plan,
 * answer); each provider supplies its own bodies, stream events and quirks through this interface.
 */
export interface ProviderAdapter {
  /** The provider's own auth error, or null when the key is acceptable. */
  checkAuth(ctx: ChatContext): HttpAnswer | null;
  /** Reads the provider-specific body into the neutral request, or answers with the provider's 400. */
  readRequest(ctx: ChatContext): ChatRequest | HttpAnswer;
  /** The provider's 400 for a request the simulator cannot act on (e.g. a mistyped directive). */
  badRequest(message: string, request: ChatRequest): HttpAnswer;
  errorFor(status: number, variant: string | null, request: ChatRequest): HttpAnswer;
  /** `server`: a local OpenAI-compatible server's wording (`[[sim:context-overflow llama]]`), or null. */
  contextOverflow(
    promptTokens: number,
    limitTokens: number,
    request: ChatRequest,
    server: ContextServer | null,
  ): HttpAnswer;
  streamScript(reply: ScriptedReply, request: ChatRequest): StreamScript;
  jsonReply(reply: ScriptedReply, request: ChatRequest): HttpAnswer;
  /** Status of the error a non-streaming request gets for `[[sim:midstream-error]]`. */
  failureStatus: number;
}

export function isHttpAnswer(value: ChatRequest | HttpAnswer): value is HttpAnswer {
  return 'status' in value && 'body' in value;
}

/** The key check shared by every provider: any non-empty key, unless it contains "invalid". */
export type KeyVerdict = 'missing' | 'invalid' | 'ok';

export function judgeKey(key: string | undefined): KeyVerdict {
  if (key === undefined || key.trim() === '') return 'missing';
  return key.includes('invalid') ? 'invalid' : 'ok';
}
