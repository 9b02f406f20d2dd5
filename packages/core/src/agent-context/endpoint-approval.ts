import type { DynamicContextEndpoint } from '../entities';
import { endpointMethod, PLACEHOLDER, sentRows } from './dynamic-context';

/**
 * DC7: which dynamic context endpoints this device may call. An endpoint sends what the user types
 * (`{lastUserMessage}`) to its host, so one that arrived from elsewhere (a file, another device, a
 * chat's embedded agent) is off until the user has seen it and turned it on here.
 */

/**
 * What an approval covers: everything that decides where the request goes and what it carries, as
 * the request is built (DC3). The name is left out (renaming sends nothing new); secret row values
 * are stored empty in the agent (AG8), so the fingerprint never holds a secret.
 */
export function endpointFingerprint(endpoint: DynamicContextEndpoint): string {
  const method = endpointMethod(endpoint);
  return JSON.stringify([
    method,
    endpoint.url.trim(),
    sentRows(endpoint.headers),
    method === 'GET' ? [] : sentRows(endpoint.body),
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
  const method = endpointMethod(endpoint);
  const texts = [endpoint.url, ...sentRows(endpoint.headers).map(([, value]) => value)];
  if (method !== 'GET') texts.push(...sentRows(endpoint.body).map(([, value]) => value));
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
