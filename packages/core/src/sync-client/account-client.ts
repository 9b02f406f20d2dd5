import { z } from 'zod/mini';
import {
  AuthResponseSchema,
  HostedUserSelfSchema,
  SyncErrorBodySchema,
  syncMessages,
  SYNC_PATHS,
  type AuthResponse,
  type Credentials,
  type HostedUserSelf,
} from '../sync';
import type { SyncHttpResponse, SyncTransport } from './ports';

/** A failed account call: the text to show and whether it was the server that said no. */
export class SyncAccountError extends Error {
  constructor(
    readonly userMessage: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(userMessage, options);
    this.name = 'SyncAccountError';
  }
}

/**
 * Sign up, sign in, sign out and "who am I" against the sync server (AU1-AU3). Failures carry the
 * server's userMessage, else 'Something went wrong. Please try again later.' (spec section 8).
 */
export interface SyncAccountClient {
  /** `invite`: the token of an admin's invitation link (server admin SPEC AD7). */
  signup(credentials: Credentials, invite?: string): Promise<AuthResponse>;
  login(credentials: Credentials): Promise<AuthResponse>;
  /** Revokes this device's token on the server (and clears its cookie). */
  logout(): Promise<void>;
  /** Revokes every token of the account, on every device (AU9). */
  logoutEverywhere(): Promise<void>;
  /** The signed-in user and their storage numbers. */
  self(): Promise<HostedUserSelf>;
}

export function createSyncAccountClient(transport: SyncTransport): SyncAccountClient {
  const call = async <T extends z.core.$ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.output<T>> => {
    let answer: SyncHttpResponse;
    try {
      answer = await transport.send({
        method,
        path,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new SyncAccountError(syncMessages.userFetchFailed, null, { cause: error });
    }
    if (answer.status < 200 || answer.status >= 300) {
      const parsed = SyncErrorBodySchema.safeParse(answer.body ?? {});
      const message = (parsed.success && parsed.data.userMessage?.trim()) || syncMessages.userFetchFailed;
      throw new SyncAccountError(message, answer.status);
    }
    const parsed = z.safeParse(schema, answer.body);
    if (!parsed.success) {
      throw new SyncAccountError(syncMessages.userFetchFailed, answer.status, { cause: parsed.error });
    }
    return parsed.data;
  };

  return {
    signup: (credentials, invite) =>
      call('POST', SYNC_PATHS.signup, AuthResponseSchema, invite ? { ...credentials, invite } : credentials),
    login: (credentials) => call('POST', SYNC_PATHS.login, AuthResponseSchema, credentials),
    async logout() {
      // A JSON body: a cookie-only write must be JSON (AU4).
      await call('POST', SYNC_PATHS.logout, z.unknown(), {});
    },
    async logoutEverywhere() {
      await call('POST', SYNC_PATHS.logoutEverywhere, z.unknown(), {});
    },
    self: () => call('GET', SYNC_PATHS.self, HostedUserSelfSchema),
  };
}
