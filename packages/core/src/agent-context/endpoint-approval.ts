import type { DynamicContextEndpoint, EndpointRow } from '../entities/character';

/**
 * DC7: which dynamic context endpoints this device may call. An endpoint sends what the user types
 * (`{lastUserMessage}`) to its host, so one that arrived from elsewhere (a file, another device, a
 * chat's embedded agent) is off until the user has seen it and turned it on here.
 */

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const PLACEHOLDER = /\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

function methodOf(endpoint: DynamicContextEndpoint): string {
  const method = endpoint.method.toUpperCase();
  return METHODS.has(method) ? method : 'GET';
}

function rowsOf(rows: readonly EndpointRow[]): [string, string][] {
  return rows.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), row.value]);
}

/**
 * What an approval covers: everything that decides where the request goes and what it carries, as
 * the request is built (DC3). The name is left out (renaming sends nothing new); secret row values
 * are stored empty in the agent (AG8), so the fingerprint never holds a secret.
 */
export function endpointFingerprint(endpoint: DynamicContextEndpoint): string {
  const method = methodOf(endpoint);
  return JSON.stringify([
    method,
    endpoint.url.trim(),
    rowsOf(endpoint.headers),
    method === 'GET' ? [] : rowsOf(endpoint.body),
  ]);
}

/** What the user is shown before turning an endpoint on: where it goes, how, and what it sends. */
export type EndpointSummary = {
  name: string;
  method: string;
  /** The URL's host, or the URL as written when it is not an http(s) URL. */
  host: string;
  /** The placeholders it fills (`lastUserMessage`, `chatTitle`…), as written, without braces. */
  placeholders: string[];
};

export function describeEndpoint(endpoint: DynamicContextEndpoint): EndpointSummary {
  const method = methodOf(endpoint);
  const texts = [endpoint.url, ...rowsOf(endpoint.headers).map(([, value]) => value)];
  if (method !== 'GET') texts.push(...rowsOf(endpoint.body).map(([, value]) => value));
  const placeholders = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(PLACEHOLDER)) placeholders.add(match[1]!);
  return { name: endpoint.name, method, host: hostOf(endpoint.url), placeholders: [...placeholders] };
}

function hostOf(url: string): string {
  // Placeholders may sit in the host itself: they are shown as written.
  const match = /^\s*https?:\/\/([^/?#\s]+)/i.exec(url);
  return match ? match[1]!.replace(/^[^@]*@/, '').toLowerCase() : url.trim();
}

/** The endpoints this device has approved, and the ones it has not (which are not called). */
export function partitionByApproval(
  endpoints: readonly DynamicContextEndpoint[],
  isApproved: (fingerprint: string) => boolean,
): { on: DynamicContextEndpoint[]; off: DynamicContextEndpoint[] } {
  const on: DynamicContextEndpoint[] = [];
  const off: DynamicContextEndpoint[] = [];
  for (const endpoint of endpoints) (isApproved(endpointFingerprint(endpoint)) ? on : off).push(endpoint);
  return { on, off };
}
