import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { startProviderSim, type ProviderSim } from '@parley/provider-sim';
import type { LogLine } from '../src/http/logger';
import { parseAdminEmails } from '../src/auth/roles';
import { secretKeyringFrom } from '../src/hosted/secret-box';
import type { OpenDatabase } from '../src/db';
import { syncTestApp } from './sync-test-kit';

/** The provider key every hosted test stores: it must never come back in any answer or log line. */
export const ORG_KEY = `sk-org-${randomBytes(12).toString('hex')}`;
export const SECRET_KEY = randomBytes(32).toString('base64');

/**
 * An app with hosted models on (a fresh secret key), ada@example.com as its admin, a real provider
 * simulator, the log lines it wrote, and (on request) a real HTTP listener for the streaming tests.
 */
export async function hostedTestApp(database: OpenDatabase, options: { secretKey?: string | null } = {}) {
  const sim = await startProviderSim({ port: 0 });
  const lines: LogLine[] = [];
  const secretKey = options.secretKey === undefined ? SECRET_KEY : options.secretKey;
  const kit = syncTestApp(database, undefined, {
    adminEmails: parseAdminEmails('ada@example.com'),
    log: (line) => lines.push(line),
    hosted: { keyring: secretKeyringFrom(secretKey ?? undefined, undefined), organisationName: 'Acme' },
  });
  const admin = await kit.signup('ada@example.com');
  const member = await kit.signup('bob@example.com');
  let server: ReturnType<typeof serve> | undefined;

  /** Adds a simulator-backed OpenAI-compatible provider and one model; returns the model's id. */
  async function offerModel(
    extra: Record<string, unknown> = {},
    provider = 'openai',
    endpoint = `${sim.url}/v1`,
  ) {
    const added = await kit.call('POST', '/api/admin/hosted/providers', {
      token: admin.token,
      body: { provider, endpoint, apiKey: ORG_KEY },
    });
    if (added.status !== 201) throw new Error(`provider: ${added.status} ${added.text}`);
    const model = await kit.call('POST', '/api/admin/hosted/models', {
      token: admin.token,
      body: { providerId: added.json.id, modelID: 'gpt-4o-mini', displayName: 'Team GPT', ...extra },
    });
    if (model.status !== 201) throw new Error(`model: ${model.status} ${model.text}`);
    return { providerId: added.json.id as string, modelId: model.json.id as string };
  }

  async function listen(): Promise<string> {
    server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: kit.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async function close() {
    await sim.close();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  }

  return { kit, sim: sim as ProviderSim, lines, admin, member, offerModel, listen, close };
}

export function completion(modelId: string, text: string, stream = true) {
  return { modelId, messages: [{ role: 'user', content: text }], settings: { stream } };
}

type Call = (
  method: string,
  url: string,
  options?: { token?: string; body?: unknown },
) => ReturnType<ReturnType<typeof syncTestApp>['call']>;

/** The kit's call with every method (PATCH and PUT too). */
export function anyCall(kit: ReturnType<typeof syncTestApp>): Call {
  return kit.call as unknown as Call;
}
