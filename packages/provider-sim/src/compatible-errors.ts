// What OpenAI-compatible servers other than OpenAI send when they fail: local servers' own
// context-overflow bodies, Ollama labelling every error `api_error`, and 429s whose body is not
// JSON at all (a proxy's plain text or HTML page). Wordings as their sources and issue reports show.
import type { ContextServer } from './directives';
import type { HttpAnswer } from './http-io';
import { jsonAnswer } from './http-io';

/** `[[sim:context-overflow SERVER]]`: the server's own body for a prompt beyond its context. */
export function localContextOverflow(server: ContextServer, promptTokens: number, limit: number): HttpAnswer {
  switch (server) {
    case 'llama':
      return jsonAnswer(400, {
        error: {
          code: 400,
          message: `request (${promptTokens} tokens) exceeds the available context size (${limit} tokens), try increasing it`,
          type: 'exceed_context_size_error',
          n_prompt_tokens: promptTokens,
          n_ctx: limit,
        },
      });
    case 'vllm':
      return jsonAnswer(400, {
        error: {
          message: `This model's maximum context length is ${limit} tokens. However, you requested ${promptTokens} tokens in the messages, Please reduce the length of the messages.`,
          type: 'BadRequestError',
          param: null,
          code: 400,
        },
      });
    case 'ollama':
      return jsonAnswer(400, {
        error: {
          message: `prompt too long; exceeded max context length by ${promptTokens - limit} tokens`,
          type: 'api_error',
          param: null,
          code: null,
        },
      });
    case 'lmstudio':
      return jsonAnswer(400, {
        error: `Trying to keep the first ${promptTokens} tokens when context the overflows. However, the model is loaded with context length of only ${limit} tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input`,
      });
  }
}

/**
 * `[[sim:error STATUS api-error|plain|html|own-quota]]`: an OpenAI-compatible server's error that only
 * its status describes: Ollama's `api_error` label, a proxy's plain-text or HTML 429 page, a gateway's
 * own quota body.
 */
export function compatibleErrorFor(status: number, variant: string): HttpAnswer | null {
  switch (variant) {
    case 'api-error':
      return jsonAnswer(status, {
        error: { message: `simulated failure ${status}`, type: 'api_error', param: null, code: null },
      });
    case 'plain':
      return {
        status,
        body: status === 429 ? 'Quota exceeded for this API key. Try again tomorrow.' : `Error ${status}`,
        contentType: 'text/plain; charset=utf-8',
      };
    case 'own-quota':
      // A gateway's own shape for a daily token quota: a top-level code and a string error.
      return jsonAnswer(status, {
        code: 'QUOTA_EXCEEDED',
        error: 'Daily quota of 100000 tokens exceeded, please try again in 42 minutes.',
      });
    case 'html':
      return {
        status,
        body: `<!DOCTYPE html><html><head><title>${status} Too Many Requests</title></head><body><center><h1>${status} Too Many Requests</h1></center><hr><center>nginx</center></body></html>`,
        contentType: 'text/html',
      };
    default:
      return null;
  }
}
