import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { LoggedRequest } from './request-log';
import { RequestLog } from './request-log';
import { createSimServer } from './server';

export type { LoggedRequest } from './request-log';
export { readFixturePart } from './replay';
export type { FixturePart } from './replay';
/** The simulator's deterministic embedding, for benchmarks that build large indexes without HTTP. */
export { simEmbedding } from './embeddings';

export interface ProviderSimOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Folder of recorded streams for `[[sim:replay PATH]]`; defaults to the repository's fixtures/provider-streams. */
  fixturesDir?: string;
  /** Pace of every streamed reply; unset streams as fast as the socket allows. `[[sim:slow N]]` overrides it. */
  tokensPerSecond?: number;
}

export interface ProviderSim {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:8790`. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Requests received so far (oldest first, at most 1000), as `GET /__sim/requests` returns them. */
  requests(): LoggedRequest[];
  clearRequests(): void;
}

export const DEFAULT_FIXTURES_DIR = fileURLToPath(
  new URL('../../../fixtures/provider-streams', import.meta.url),
);

/** Starts the simulator and resolves once it is listening. */
export async function startProviderSim(options: ProviderSimOptions = {}): Promise<ProviderSim> {
  const host = options.host ?? '127.0.0.1';
  const log = new RequestLog();
  const server = createSimServer(log, {
    fixturesDir: options.fixturesDir ?? DEFAULT_FIXTURES_DIR,
    tokensPerSecond: options.tokensPerSecond ?? null,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    requests: () => log.list(),
    clearRequests: () => log.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging and slow streams would otherwise keep close() waiting forever.
        server.closeAllConnections();
      }),
  };
}
