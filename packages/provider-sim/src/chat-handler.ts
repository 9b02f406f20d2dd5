import type { ServerResponse } from 'node:http';
import { DirectiveError } from './directives';
import type { HttpAnswer } from './http-io';
import { sendAnswer } from './http-io';
import type { ChatContext, ProviderAdapter } from './provider-adapter';
import { isHttpAnswer } from './provider-adapter';
import type { ChatRequest, ReplyPlan } from './reply-plan';
import { buildReplyPlan } from './reply-plan';
import { replayFixture } from './replay';
import { playStream, ResponseWriter } from './stream-player';

export interface ChatSettings {
  fixturesDir: string;
  /** Server-wide pace; `[[sim:slow N]]` overrides it per request. Null streams as fast as possible. */
  tokensPerSecond: number | null;
}

/** The steps every provider's chat endpoint shares: auth, parse, plan, then answer in the provider's format. */
export async function handleChat(
  adapter: ProviderAdapter,
  ctx: ChatContext,
  res: ServerResponse,
  settings: ChatSettings,
): Promise<void> {
  const authError = adapter.checkAuth(ctx);
  if (authError) return sendAnswer(res, authError);
  const request = adapter.readRequest(ctx);
  if (isHttpAnswer(request)) return sendAnswer(res, request);

  let plan: ReplyPlan;
  try {
    plan = buildReplyPlan(request);
  } catch (error) {
    if (!(error instanceof DirectiveError)) throw error;
    return sendAnswer(res, adapter.badRequest(`provider-sim: ${error.message}`, request));
  }

  switch (plan.kind) {
    case 'error':
      return sendAnswer(res, adapter.errorFor(plan.status, plan.variant, request));
    case 'context-overflow':
      return sendAnswer(
        res,
        adapter.contextOverflow(plan.promptTokens, plan.limitTokens, request, plan.server),
      );
    case 'replay': {
      const missing = await replayFixture(res, settings.fixturesDir, plan);
      if (missing) sendAnswer(res, adapter.badRequest(`provider-sim: ${missing}`, request));
      return;
    }
    case 'reply': {
      const pace = plan.tokensPerSecond ?? settings.tokensPerSecond;
      if (request.stream) {
        return playStream(res, adapter.streamScript(plan.reply, request), plan.ending, pace);
      }
      return answerWhole(adapter, request, plan, pace, res);
    }
  }
}

/** Non-streaming replies: the same endings, in the only ways a single JSON body can show them. */
async function answerWhole(
  adapter: ProviderAdapter,
  request: ChatRequest,
  plan: Extract<ReplyPlan, { kind: 'reply' }>,
  pace: number | null,
  res: ServerResponse,
): Promise<void> {
  const writer = new ResponseWriter(res);
  if (plan.ending === 'hang') return writer.waitForClose();
  if (plan.ending === 'midstream-error') {
    return sendAnswer(res, adapter.errorFor(adapter.failureStatus, null, request));
  }
  // A slow model is slow whether or not it streams: wait as long as the tokens would take.
  if (pace) await writer.pause((plan.reply.completionTokens / pace) * 1000);
  if (!writer.isOpen) return;
  const answer: HttpAnswer = adapter.jsonReply(plan.reply, request);
  if (plan.ending === 'done') return sendAnswer(res, answer);
  // Cut: half the JSON, then the end (or a reset connection): the client must cope with a truncated body.
  res.writeHead(answer.status, {
    'content-type': answer.contentType ?? 'application/json',
    ...answer.headers,
  });
  await writer.write(answer.body.slice(0, Math.floor(answer.body.length / 2)));
  if (plan.ending === 'cut-reset') writer.reset();
  else writer.end();
}
