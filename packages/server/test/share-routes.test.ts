import { describe, expect, it } from 'vitest';
import { forEachDatabase } from './db-harness';
import { syncTestApp } from './sync-test-kit';

const chat = (messages = 2) => ({
  chatId: 'ch-1',
  title: 'Trip to Lisbon',
  model: 'gpt-5.1',
  createdAt: '2026-11-25T10:00:00.000Z',
  messages: Array.from({ length: messages }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: i === 1 ? '<script>alert(1)</script> **Lisbon**' : 'Where should I go?',
  })),
});

describe('share links', () => {
  forEachDatabase((t) => {
    it('SL1 SL2 SL4 SL5 a link is created by its owner, read by anyone, listed and revoked at once', async () => {
      const kit = syncTestApp(t.database());
      const ada = (await kit.signup('ada@example.com')).token;
      const bob = (await kit.signup('bob@example.com')).token;
      const created = await kit.call('POST', '/api/shares', { token: ada, body: chat() });
      expect(created.status).toBe(200);
      const share = (created.json as { share: { id: string; messages: number } }).share;
      expect(share.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(share.messages).toBe(2);

      const read = await kit.call('GET', `/api/public/shares/${share.id}`);
      expect(read.status).toBe(200);
      expect(read.headers.get('x-robots-tag')).toContain('noindex');
      expect(
        (read.json as { share: { messages: { content: string }[] } }).share.messages[1]?.content,
      ).toContain('<script>');

      expect(
        ((await kit.call('GET', '/api/shares', { token: ada })).json as { shares: unknown[] }).shares,
      ).toHaveLength(1);
      expect(
        ((await kit.call('GET', '/api/shares', { token: bob })).json as { shares: unknown[] }).shares,
      ).toHaveLength(0);
      // Only the owner revokes.
      expect((await kit.call('DELETE', `/api/shares/${share.id}`, { token: bob })).status).toBe(404);
      expect((await kit.call('DELETE', `/api/shares/${share.id}`, { token: ada })).status).toBe(204);
      expect((await kit.call('GET', `/api/public/shares/${share.id}`)).status).toBe(404);
      expect((await kit.call('GET', '/api/public/shares/not-an-id')).status).toBe(404);
      expect((await kit.call('GET', '/api/public/shares/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    });

    it('SL1 SL3 SL6 bad snapshots, oversized ones and unsigned callers are refused; off with SYNC_DISABLED', async () => {
      const kit = syncTestApp(t.database());
      const ada = (await kit.signup('ada@example.com')).token;
      expect((await kit.call('POST', '/api/shares', { body: chat() })).status).toBe(401);
      expect((await kit.call('POST', '/api/shares', { token: ada, body: chat(0) })).status).toBe(400);
      expect(
        (
          await kit.call('POST', '/api/shares', {
            token: ada,
            body: { ...chat(), messages: [{ role: 'system', content: 'x' }] },
          })
        ).status,
      ).toBe(400);
      const huge = {
        ...chat(),
        messages: Array.from({ length: 6 }, () => ({ role: 'user', content: 'x'.repeat(999_000) })),
      };
      const refused = await kit.call('POST', '/api/shares', { token: ada, body: huge });
      expect(refused.status).toBe(413);
      expect(refused.text).toContain('too large to share');
      const off = syncTestApp(t.database(), { disabled: true });
      const token = (await off.signup('cy@example.com')).token;
      expect((await off.call('POST', '/api/shares', { token, body: chat() })).status).toBe(503);
    });
  });
});
