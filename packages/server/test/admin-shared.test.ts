import { OrgSharedResponseSchema } from '@parley/core/sync-client';
import { parseCharacter } from '@parley/core/entities';
import { describe, expect, it } from 'vitest';
import { readAudit } from '../src/admin/audit-log';
import { forEachDatabase } from './db-harness';
import { teamTestApp } from './admin-team-kit';

const agent = {
  title: 'Contract Reviewer',
  description: 'Reads contracts for risky clauses.',
  instruction: 'You review contracts.',
  welcomeMessage: 'Paste a contract.',
};

describe('admin: shared agents and prompts', () => {
  forEachDatabase((t) => {
    it('AD8 AD10 admin and content-moderator publish, members read; member 403 and anonymous 401 on every change route', async () => {
      const { kit, ada, mod, bob } = await teamTestApp(t.database());
      const made = await kit.call('POST', '/api/admin/shared/agents', { token: mod.token, body: agent });
      expect(made.status).toBe(200);
      const id = (made.json.shared as { id: string }).id;
      expect(id).toMatch(/^character-org-/);
      const prompt = await kit.call('POST', '/api/admin/shared/prompts', {
        token: ada.token,
        body: { title: 'Weekly report', content: 'Summarise {{week}}' },
      });
      expect(prompt.status).toBe(200);

      for (const [token, status] of [
        [bob.token, 403],
        [undefined, 401],
      ] as const) {
        expect((await kit.call('GET', '/api/admin/shared', { token })).status).toBe(status);
        expect((await kit.call('POST', '/api/admin/shared/agents', { token, body: agent })).status).toBe(
          status,
        );
        const url = `/api/admin/shared/agents/${id}`;
        const put = await kit.app.request(url, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
          body: JSON.stringify(agent),
        });
        expect(put.status).toBe(status);
        expect((await kit.call('DELETE', url, { token })).status).toBe(status);
      }
      expect((await kit.call('GET', '/api/org/shared')).status).toBe(401);

      const read = await kit.call('GET', '/api/org/shared', { token: bob.token });
      const body = OrgSharedResponseSchema.parse(read.json);
      expect(body.agents).toHaveLength(1);
      expect(body.prompts).toHaveLength(1);
      const member = parseCharacter(body.agents[0]!.item);
      expect(member).toMatchObject({ ...agent, id, pinned: false });
      expect((await kit.call('GET', '/api/admin/shared', { token: mod.token })).json).toEqual(read.json);
    });

    it('AD9 update and delete: the content changes for everyone, the id and creation time stay; each change is in the audit log', async () => {
      const { kit, ada, mod } = await teamTestApp(t.database());
      const made = await kit.call('POST', '/api/admin/shared/agents', { token: ada.token, body: agent });
      const created = made.json.shared as { id: string; item: { createdAt: string } };
      kit.clock.now += 60_000;
      const put = await kit.app.request(`/api/admin/shared/agents/${created.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${mod.token}` },
        body: JSON.stringify({ ...agent, title: 'Contract Checker' }),
      });
      expect(put.status).toBe(200);
      const updated = ((await put.json()) as { shared: { item: Record<string, unknown> } }).shared.item;
      expect(updated).toMatchObject({
        id: created.id,
        title: 'Contract Checker',
        createdAt: created.item.createdAt,
      });
      expect(updated.updatedAt).not.toBe(created.item.createdAt);
      expect(
        (await kit.call('DELETE', `/api/admin/shared/agents/${created.id}`, { token: mod.token })).status,
      ).toBe(200);
      expect(
        (await kit.call('DELETE', `/api/admin/shared/agents/${created.id}`, { token: mod.token })).status,
      ).toBe(404);
      expect(
        OrgSharedResponseSchema.parse((await kit.call('GET', '/api/org/shared', { token: ada.token })).json)
          .agents,
      ).toEqual([]);
      const log = await readAudit(t.database().db);
      expect(log.entries.map((entry) => [entry.action, entry.target, entry.actorEmail])).toEqual([
        ['shared.agent.delete', 'Contract Checker', 'mod@example.com'],
        ['shared.agent.update', 'Contract Checker', 'mod@example.com'],
        ['shared.agent.create', 'Contract Reviewer', 'ada@example.com'],
      ]);
    });

    it('AD8 an invalid agent or prompt is 400 with the field named, and nothing is published', async () => {
      const { kit, ada } = await teamTestApp(t.database());
      const bad: [string, string, unknown, RegExp][] = [
        ['agents', 'no title', { ...agent, title: '  ' }, /title/],
        ['agents', 'a title that is a number', { ...agent, title: 42 }, /title/],
        ['agents', 'an unknown field', { ...agent, script: '<script>' }, /script: not a field/],
        [
          'agents',
          'training examples of the wrong shape',
          { ...agent, trainingExamples: [{ role: 'system', content: 1 }] },
          /trainingExamples/,
        ],
        ['prompts', 'content not text', { title: 'P', content: ['a'] }, /content/],
        ['agents', 'not an object', [agent], /request body/i],
      ];
      for (const [kind, name, body, message] of bad) {
        const res = await kit.call('POST', `/api/admin/shared/${kind}`, { token: ada.token, body });
        expect(res.status, name).toBe(400);
        expect((res.json.error as { message: string }).message, name).toMatch(message);
      }
      expect(
        (await kit.call('POST', '/api/admin/shared/widgets', { token: ada.token, body: agent })).status,
      ).toBe(404);
      expect(
        OrgSharedResponseSchema.parse((await kit.call('GET', '/api/org/shared', { token: ada.token })).json),
      ).toEqual({ agents: [], prompts: [] });
    });

    it('AD11 an agent published with secret endpoint values reaches members without them; per-member fields are not published', async () => {
      const { kit, ada, bob } = await teamTestApp(t.database());
      const res = await kit.call('POST', '/api/admin/shared/agents', {
        token: ada.token,
        body: {
          ...agent,
          pinned: true,
          dynamicContextEndpoints: [
            {
              name: 'Contracts',
              url: 'https://contracts.example.com/api',
              headers: [{ key: 'Authorization', value: 'Bearer s3cret-value' }],
            },
          ],
        },
      });
      expect(res.status).toBe(200);
      const read = await kit.call('GET', '/api/org/shared', { token: bob.token });
      expect(read.text).not.toContain('s3cret-value');
      const shared = parseCharacter(OrgSharedResponseSchema.parse(read.json).agents[0]!.item);
      expect(shared.pinned).toBe(false);
      expect(shared.dynamicContextEndpoints[0]).toMatchObject({
        name: 'Contracts',
        url: 'https://contracts.example.com/api',
      });
      expect(shared.dynamicContextEndpoints[0]!.headers[0]).toMatchObject({
        key: 'Authorization',
        value: '',
      });
      const stored = await t.database().db.selectFrom('org_shared_items').select('data').execute();
      expect(JSON.stringify(stored)).not.toContain('s3cret-value');
    });
  });
});
