/**
 * Bodies an attacker with an ordinary account sends to take the server down (issue: hardening).
 * Shared by the hostile-requests test (statuses, time, memory) and bench/hostile-requests.ts
 * (time to refuse each). Each names the status the server must answer.
 */
export type HostileRequest = {
  name: string;
  path: string;
  /** Added to the bearer token the caller sends. */
  headers: Record<string, string>;
  body: () => string;
  status: number;
  code: string;
};

const json = { 'content-type': 'application/json' };
const repeat = (item: string, count: number) => Array.from({ length: count }, () => item).join(',');
const isoAt = '2026-03-01T09:00:00.000Z';

/** A valid chat with an unknown field nested `depth` levels deep. */
export function deepChat(depth: number): string {
  const chat = JSON.stringify({
    id: 'deep',
    chatID: 'deep',
    createdAt: isoAt,
    updatedAt: isoAt,
    messages: [],
  });
  return `${chat.slice(0, -1)},"extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

export const HOSTILE_REQUESTS: readonly HostileRequest[] = [
  {
    name: '300,000 invalid chats (0.9 MB)',
    path: '/api/sync',
    headers: json,
    body: () => `{"allData":{"chats":[${repeat('{}', 300_000)}]}}`,
    status: 413,
    code: 'payload_too_large:body',
  },
  {
    name: '4,000,000 invalid chats (12 MB)',
    path: '/api/sync',
    headers: json,
    body: () => `{"allData":{"chats":[${repeat('{}', 4_000_000)}]}}`,
    status: 413,
    code: 'payload_too_large:body',
  },
  {
    name: '99,999 invalid chats (under the list bound)',
    path: '/api/sync',
    headers: json,
    body: () => `{"allData":{"chats":[${repeat('5', 99_999)}]}}`,
    status: 400,
    code: 'bad_request:body',
  },
  {
    name: '99,999 invalid chats to the upload buffer',
    path: '/api/sync-buffer',
    headers: json,
    body: () => `{"chats":[${repeat('[]', 99_999)}]}`,
    status: 400,
    code: 'bad_request:body',
  },
  {
    name: '1.2 million values in lists under the bound',
    path: '/api/sync',
    headers: json,
    body: () => `{"allData":{"updateHistory":[${repeat(`[${repeat('0', 99_000)}]`, 13)}]}}`,
    status: 413,
    code: 'payload_too_large:body',
  },
  {
    name: 'an unknown chat field nested 10,000 deep',
    path: '/api/sync',
    headers: json,
    body: () => `{"allData":{"chats":[${deepChat(10_000)}]}}`,
    status: 400,
    code: 'bad_request:body',
  },
  {
    name: 'a 33 MB string',
    path: '/api/sync',
    headers: json,
    body: () => `{"allData":{"chats":[],"x":"${'a'.repeat(33 * 1024 * 1024)}"}}`,
    status: 413,
    code: 'payload_too_large:body',
  },
  {
    name: 'a sync sent as text/plain',
    path: '/api/sync',
    headers: { 'content-type': 'text/plain' },
    body: () => '{"allData":{}}',
    status: 415,
    code: 'unsupported_media_type:body',
  },
  {
    name: 'a sync sent as a form',
    path: '/api/sync',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: () => 'allData=%7B%7D',
    status: 415,
    code: 'unsupported_media_type:body',
  },
];
