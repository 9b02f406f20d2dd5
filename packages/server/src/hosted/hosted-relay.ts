import { limitReachedMessage, type HostedCompletionRequest, type LimitReached } from '@parley/core/hosted';
import { costOfUsage, estimateMessagesTokens, estimateTokens } from '@parley/core/models';
import {
  buildRequest,
  dialectOf,
  normaliseJsonBody,
  normaliseStream,
  type ChatEvent,
  type ChatRequest,
  type TokenUsage,
} from '@parley/core/providers';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/account-service';
import { HttpError } from '../http/errors';
import type { Logger } from '../http/logger';
import type { HostedCatalogue, RelayTarget } from './hosted-catalogue';
import { LimitReachedError, takeRequest } from './hosted-limits-store';
import type { HostedDatabase } from './hosted-tables';
import { finishUsage, startUsage, type UsageEnd } from './hosted-usage';

/**
 * HM2-HM4, HM9, HM11: one relay for every provider. The member's provider-neutral request is turned
 * into the provider's own with core's builders (the registry picks the dialect), the limits are
 * taken in the database, and the provider's answer is piped to the browser as it arrives: bytes
 * are passed on as they are read, never collected first. A copy of each chunk feeds the dialect's
 * decoder on the side, only to learn the usage the stream reports at its end. The browser leaving
 * (Stop) cancels the provider call.
 */

export type RelayDeps = {
  catalogue: HostedCatalogue;
  db: Kysely<HostedDatabase>;
  clock: () => number;
  fetch: typeof fetch;
  log: Logger;
};

export function limitError(reached: LimitReached, now: number): HttpError {
  const message = limitReachedMessage(reached, now);
  return new HttpError('rate_limited:hosted', message, undefined, {
    userMessage: message,
    extra: { limit: { ...reached } },
  });
}

/** A provider's words with the organisation's key taken out, whatever the provider echoed (HM5). */
function withoutKey(text: string, apiKey: string): string {
  let out = apiKey.length >= 4 ? text.split(apiKey).join('[key]') : text;
  // Providers echo a masked key ("sk-proj-****…MxYA"): its ends are the key's too.
  out = out.replace(/\b(?:sk|key|AIza)[-\w]*\*{2,}[^\s."']*/g, '[key]');
  return out;
}

function promptTextTokens(request: HostedCompletionRequest): number {
  return estimateMessagesTokens(request.messages);
}

/** Usage from the stream's own report, else estimated from what was sent and received (TK2). */
function usageOf(request: HostedCompletionRequest, events: readonly ChatEvent[]): TokenUsage {
  let reported: TokenUsage | undefined;
  let text = '';
  for (const event of events) {
    if (event.type === 'usage') reported = event;
    else if (event.type === 'text-delta' || event.type === 'reasoning-delta') text += event.text;
    else if (event.type === 'tool-call-delta') text += event.argumentsDelta;
  }
  if (reported) return reported;
  const promptTokens = promptTextTokens(request);
  const completionTokens = estimateTokens(text);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

export async function relayCompletion(
  deps: RelayDeps,
  c: Context,
  user: AuthUser,
  body: HostedCompletionRequest,
): Promise<Response> {
  const target = await deps.catalogue.relayTarget(body.modelId);
  const startedAt = deps.clock();
  let usageId: string;
  try {
    usageId = await deps.db.transaction().execute(async (trx) => {
      await takeRequest(trx, user.id, startedAt);
      return startUsage(trx, {
        userId: user.id,
        modelId: target.hostedId,
        displayName: target.displayName,
        provider: target.providerId,
        at: startedAt,
      });
    });
  } catch (error) {
    if (error instanceof LimitReachedError) {
      c.header('Retry-After', String(Math.max(1, Math.ceil((error.reached.resetsAt - startedAt) / 1000))));
      throw limitError(error.reached, startedAt);
    }
    throw error;
  }

  const events: ChatEvent[] = [];
  let ended = false;
  /** Finishes the usage row (HM11); resolves once it is written, so the limits count it (HM9). */
  const end = async (status: UsageEnd['status'], httpStatus: number | null) => {
    if (ended) return;
    ended = true;
    const usage = usageOf(body, events);
    const failed = events.some((event) => event.type === 'error');
    const costUSD = costOfUsage(target.model.id, usage, [target.model]);
    await finishUsage(deps.db, usageId, user.id, {
      status: status === 'ok' && failed ? 'error' : status,
      httpStatus,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      costUSD,
      at: deps.clock(),
    }).catch((error: unknown) =>
      deps.log({ level: 'error', msg: 'hosted usage not recorded', error: String(error) }),
    );
  };

  const request: ChatRequest = {
    model: target.model,
    messages: body.messages,
    settings: body.settings,
    ...(body.tools?.length ? { tools: body.tools } : {}),
    apiKey: target.apiKey,
    endpoint: target.endpoint,
  };
  const built = buildRequest(request);
  const upstream = new AbortController();
  const clientGone = () => upstream.abort(new Error('the member stopped the answer'));
  const clientSignal = c.req.raw.signal;
  if (clientSignal.aborted) clientGone();
  else clientSignal.addEventListener('abort', clientGone, { once: true });

  let response: Response;
  try {
    response = await deps.fetch(built.url, { ...built.init, signal: upstream.signal });
  } catch (error) {
    clientSignal.removeEventListener('abort', clientGone);
    void end(upstream.signal.aborted ? 'aborted' : 'error', null);
    deps.log({
      level: 'error',
      msg: 'hosted provider unreachable',
      provider: target.providerId,
      error: withoutKey(String(error), target.apiKey),
    });
    throw new HttpError(
      'bad_gateway:hosted',
      `${target.model.title}: the provider could not be reached. Try again in a moment.`,
    );
  }

  if (!response.ok || !response.body) {
    clientSignal.removeEventListener('abort', clientGone);
    const text = await response.text().catch(() => '');
    void end('error', response.status);
    return providerErrorResponse(c, target, response.status, text);
  }

  const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
  const streamed =
    body.settings.stream && !(contentType.includes('json') && !contentType.includes('event-stream'));
  const source = response.body.getReader();
  const decode = sideDecoder(target, streamed, events);

  const out = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Awaited<ReturnType<typeof source.read>>;
      try {
        chunk = await source.read();
      } catch (error) {
        clientSignal.removeEventListener('abort', clientGone);
        await decode.close();
        void end(upstream.signal.aborted ? 'aborted' : 'error', response.status);
        controller.error(error);
        return;
      }
      if (chunk.done) {
        clientSignal.removeEventListener('abort', clientGone);
        await decode.close();
        // The answer ends once its tokens are counted: the member's next request sees them.
        await end('ok', response.status);
        controller.close();
        return;
      }
      decode.push(chunk.value);
      controller.enqueue(chunk.value);
    },
    async cancel(reason) {
      clientSignal.removeEventListener('abort', clientGone);
      upstream.abort(reason);
      await source.cancel(reason).catch(() => undefined);
      await decode.close();
      void end('aborted', response.status);
    },
  });
  return new Response(out, {
    status: response.status,
    headers: { 'content-type': contentType, 'cache-control': 'no-cache', 'x-accel-buffering': 'no' },
  });
}

/** The dialect's decoder fed with copies of the chunks (streams), or the whole body (JSON answers). */
function sideDecoder(target: RelayTarget, streamed: boolean, events: ChatEvent[]) {
  const { apiType, provider } = target.model;
  if (!streamed) {
    const chunks: Uint8Array[] = [];
    return {
      push: (chunk: Uint8Array) => chunks.push(chunk),
      close: async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        events.push(...normaliseJsonBody(text, apiType, provider));
      },
    };
  }
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const copy = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
  const reading = (async () => {
    for await (const event of normaliseStream(copy, { apiType, provider })) events.push(event);
  })().catch(() => undefined);
  return {
    push: (chunk: Uint8Array) => {
      // The decoder may have finished early (a [DONE] line) and let go of its copy: then it has all it needs.
      if (!open) return;
      try {
        feed.enqueue(chunk.slice());
      } catch {
        open = false;
      }
    },
    close: async () => {
      if (open) {
        open = false;
        try {
          feed.close();
        } catch {
          // already closed by the decoder
        }
      }
      await reading;
    },
  };
}

/**
 * HM4: a provider's refusal keeps its meaning: its status (a refused organisation key, 401 or 403,
 * becomes 502: the member's own request was fine) and its message, read by core's error mapping,
 * in the server's error shape. The client reads it with the same mapping.
 */
function providerErrorResponse(c: Context, target: RelayTarget, status: number, text: string): Response {
  const error = dialectOf(target.model).mapError(target.providerId, status, text);
  const said = withoutKey(error.providerMessage, target.apiKey);
  const keyRefused = status === 401 || status === 403;
  const message = keyRefused
    ? `The provider refused the organisation's key for ${target.model.title} (${said}). Ask an admin to check it.`
    : said;
  const body = {
    error: { code: `upstream:${error.code}`, message },
    userMessage: message,
    provider: target.providerId,
  };
  return new Response(JSON.stringify(body), {
    status: keyRefused ? 502 : status,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
  });
}
