import { SIM_URL } from '../support/env';

/** One request as the provider simulator logged it (GET /__sim/requests). */
export type SimRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  at: string;
};

/**
 * What the app actually sent to the provider simulator. The log is shared by every test running at
 * once, so each test uses its own API key and reads only the requests that carry it.
 */
export async function simRequestsWithKey(key: string): Promise<SimRequest[]> {
  const response = await fetch(`${SIM_URL}/__sim/requests`);
  const all = (await response.json()) as SimRequest[];
  return all.filter(
    (request) =>
      request.method === 'POST' &&
      (request.headers.authorization === `Bearer ${key}` ||
        request.headers['x-api-key'] === key ||
        request.headers['x-goog-api-key'] === key),
  );
}

/** The chat messages of a logged OpenAI-format request body. */
export function openAiMessages(request: SimRequest | undefined): { role: string; content: unknown }[] {
  const body = request?.body as { messages?: { role: string; content: unknown }[] } | undefined;
  return body?.messages ?? [];
}

/** A key no other test uses. */
export function uniqueKey(prefix = 'sk-e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Only the answer calls (streamed), not the automatic title and keyword calls made after them. */
export async function answerRequestsWithKey(key: string): Promise<SimRequest[]> {
  return (await simRequestsWithKey(key)).filter((request) => {
    if (request.path.includes(':generateContent')) return false;
    const body = request.body as { stream?: boolean } | null;
    return request.path.includes(':streamGenerateContent') || body?.stream === true;
  });
}

/** The simulator's image (GET /__sim/image.png), with a mark in its query so a test finds its own fetches. */
export function simImageUrl(mark: string): string {
  return `${SIM_URL}/__sim/image.png?mark=${encodeURIComponent(mark)}`;
}

/** How many times the browser fetched the simulator's image with that mark. */
export async function simImageFetches(mark: string): Promise<number> {
  const response = await fetch(`${SIM_URL}/__sim/requests`);
  const all = (await response.json()) as SimRequest[];
  const path = new URL(simImageUrl(mark)).pathname + new URL(simImageUrl(mark)).search;
  return all.filter((request) => request.method === 'GET' && request.path === path).length;
}
