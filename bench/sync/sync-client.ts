import http from 'node:http';

/**
 * A minimal sync client over real HTTP for the benchmark (the web client's engine comes later).
 * Uses node:http with keep-alive: on small machines fetch's own overhead would dominate the numbers.
 */
export type SyncAnswer = { lastSyncAt: string; updatedChats: unknown[]; updatedChatsChunks?: string[] };

/** Keep-alive sockets; a load phase uses its own agent and destroys it, so no idle socket outlives it. */
export function newAgent(): http.Agent {
  // Idle sockets are dropped after 4 s, before the server's 5 s keep-alive timeout closes them:
  // otherwise a request can race the server's close and fail with ECONNRESET (browsers retry those).
  return new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4000 });
}

const sharedAgent = newAgent();

function request(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Bytes of request and answer bodies sent by every client so far (notes of the load runs). */
export const bodyBytes = { sent: 0, received: 0 };

export class BenchClient {
  lastSyncAt: string | null = null;

  constructor(
    readonly baseUrl: string,
    readonly token: string,
    private readonly agent: http.Agent = sharedAgent,
  ) {}

  static async signup(baseUrl: string, email: string, agent = sharedAgent): Promise<BenchClient> {
    const body = JSON.stringify({ email, password: 'benchmark password' });
    const res = await request(
      agent,
      `${baseUrl}/api/auth/signup`,
      'POST',
      { 'content-type': 'application/json' },
      body,
    );
    if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${res.text}`);
    return new BenchClient(baseUrl, (JSON.parse(res.text) as { token: string }).token, agent);
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${this.token}` };
    const text = JSON.stringify(body);
    bodyBytes.sent += Buffer.byteLength(text);
    const res = await request(this.agent, `${this.baseUrl}${path}`, 'POST', headers, text);
    bodyBytes.received += Buffer.byteLength(res.text);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
    return JSON.parse(res.text) as T;
  }

  async sync(allData: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<SyncAnswer> {
    const answer = await this.post<SyncAnswer>('/api/sync', {
      allData,
      lastSyncAt: this.lastSyncAt,
      ...extra,
    });
    this.lastSyncAt = answer.lastSyncAt;
    return answer;
  }
}
