import { z } from 'zod/mini';
import type { SyncHttpRequest, SyncHttpResponse, SyncTransport } from './ports';
import { failureOfAnswer, SyncFailureError, unexpectedFailure } from './sync-failure';

/**
 * Calls beside sync (backups, share links) over the sync transport: a network failure, a non-2xx
 * answer or a body of the wrong shape become SyncFailureErrors with the same texts as sync, unless
 * `failureOf` reads a non-2xx answer its own way.
 */
export function checkedCalls(
  transport: SyncTransport,
  failureOf: (status: number, body: unknown) => SyncFailureError = failureOfAnswer,
) {
  const send = async (request: SyncHttpRequest): Promise<SyncHttpResponse> => {
    const answer = await transport.send(request).catch((error: unknown) => {
      throw new SyncFailureError(unexpectedFailure(), null, { cause: error });
    });
    if (answer.status < 200 || answer.status >= 300) throw failureOf(answer.status, answer.body);
    return answer;
  };
  const call = async <T extends z.core.$ZodType>(
    request: SyncHttpRequest,
    schema: T,
  ): Promise<z.output<T>> => {
    const parsed = z.safeParse(schema, (await send(request)).body);
    if (!parsed.success) throw new SyncFailureError(unexpectedFailure(), null, { cause: parsed.error });
    return parsed.data;
  };
  return { send, call };
}
