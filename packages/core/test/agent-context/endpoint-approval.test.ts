import { describe, expect, it } from 'vitest';
import { describeEndpoint, endpointFingerprint, partitionByApproval } from '../../src/agent-context';
import type { DynamicContextEndpoint } from '../../src/entities';

const endpoint = (fields: Partial<DynamicContextEndpoint> = {}): DynamicContextEndpoint => ({
  name: 'Orders',
  url: 'https://api.shop.example/orders?q={lastUserMessage}',
  method: 'POST',
  headers: [{ key: 'X-Chat', value: '{chatTitle}' }],
  body: [{ key: 'id', value: '{chatID}' }],
  ...fields,
});

describe('DC7 endpoint approval', () => {
  it('one fingerprint for everything that decides where a request goes and what it carries', () => {
    const base = endpointFingerprint(endpoint());
    // Renaming or a new id sends nothing new.
    expect(endpointFingerprint(endpoint({ name: 'Renamed', id: 'ep-2' }))).toBe(base);
    expect(
      endpointFingerprint(
        endpoint({ method: 'post', url: ' https://api.shop.example/orders?q={lastUserMessage} ' }),
      ),
    ).toBe(base);
    // Anything else is a new endpoint to approve.
    for (const changed of [
      endpoint({ url: 'https://evil.example/orders?q={lastUserMessage}' }),
      endpoint({ method: 'PUT' }),
      endpoint({ headers: [{ key: 'X-Chat', value: '{lastUserMessage}' }] }),
      endpoint({ headers: [{ key: 'X-Other', value: '{chatTitle}' }] }),
      endpoint({ body: [{ key: 'id', value: '{lastUserMessage}' }] }),
    ]) {
      expect(endpointFingerprint(changed)).not.toBe(base);
    }
  });

  it('a GET sends no body, so its body rows are not part of it; an unknown method is a GET', () => {
    const get = endpoint({ method: 'GET' });
    expect(endpointFingerprint({ ...get, body: [] })).toBe(endpointFingerprint(get));
    expect(endpointFingerprint(endpoint({ method: 'TRACE' }))).toBe(endpointFingerprint(get));
  });

  it('says where it sends, how, and which placeholders it fills', () => {
    expect(describeEndpoint(endpoint())).toEqual({
      name: 'Orders',
      method: 'POST',
      host: 'api.shop.example',
      placeholders: ['lastUserMessage', 'chatTitle', 'chatID'],
    });
    // User info is not the host; a URL that is not http(s) is shown as written.
    expect(describeEndpoint(endpoint({ url: 'https://user:pw@Evil.Example:8443/x' })).host).toBe(
      'evil.example:8443',
    );
    expect(describeEndpoint(endpoint({ url: 'ftp://files.example/x' })).host).toBe('ftp://files.example/x');
    // A GET's body rows are never sent: their placeholders are not listed.
    expect(describeEndpoint(endpoint({ method: 'GET', url: 'https://a.example/' })).placeholders).toEqual([
      'chatTitle',
    ]);
  });

  it('only approved endpoints are on', () => {
    const mine = endpoint();
    const theirs = endpoint({ url: 'https://evil.example/?q={lastUserMessage}' });
    const approved = new Set([endpointFingerprint(mine)]);
    expect(partitionByApproval([mine, theirs], (fingerprint) => approved.has(fingerprint))).toEqual({
      on: [mine],
      off: [theirs],
    });
  });
});
