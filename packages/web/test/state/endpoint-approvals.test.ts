import { describe, expect, it } from 'vitest';
import { localApprovalStorage, memoryApprovalStorage } from '../../src/adapters/storage';
import { createEndpointApprovals } from '../../src/state';

describe('DC7 the endpoints this device approved', () => {
  it('remembers approvals, once each, and reads what another tab wrote', () => {
    const storage = memoryApprovalStorage();
    const approvals = createEndpointApprovals(storage);
    expect(approvals.isApproved('a')).toBe(false);
    approvals.approve(['a', 'b', 'a']);
    approvals.approve(['b']);
    expect(JSON.parse(storage.read()!)).toEqual(['a', 'b']);
    // Another tab (another instance on the same storage) sees them at once.
    expect(createEndpointApprovals(storage).isApproved('b')).toBe(true);
  });

  it('a damaged entry approves nothing, and the next approval replaces it', () => {
    const storage = memoryApprovalStorage();
    storage.write('{not json');
    const approvals = createEndpointApprovals(storage);
    expect(approvals.isApproved('{not json')).toBe(false);
    approvals.approve(['c']);
    expect(approvals.isApproved('c')).toBe(true);
    storage.write(JSON.stringify({ a: true }));
    expect(approvals.isApproved('a')).toBe(false);
  });

  it('keeps them in this browser’s localStorage under their own key, not in the key vault', () => {
    const approvals = createEndpointApprovals(localApprovalStorage(window));
    approvals.approve(['fingerprint']);
    expect(localStorage.getItem('parley_approvedEndpoints')).toBe('["fingerprint"]');
    expect(localStorage.getItem('TM_keyVault') ?? '').not.toContain('fingerprint');
  });

  it('turns an endpoint off again, and tells who listens after each change', () => {
    const approvals = createEndpointApprovals(memoryApprovalStorage());
    let heard = 0;
    const stop = approvals.subscribe(() => heard++);
    approvals.approve(['a', 'b']);
    const before = approvals.version();
    approvals.revoke(['a', 'unknown']);
    expect(approvals.isApproved('a')).toBe(false);
    expect(approvals.isApproved('b')).toBe(true);
    expect(approvals.version()).not.toBe(before);
    approvals.revoke(['unknown']);
    stop();
    approvals.approve(['c']);
    expect(heard).toBe(2);
  });
});
