import { HostedAdminStateSchema, HostedModelListSchema, HostedUsageReportSchema } from '@parley/core/hosted';
import { HostedUserSelfSchema } from '@parley/core/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { open, parseSecretKey, seal, secretKeyringFrom, type SecretKeyring } from '../src/hosted/secret-box';
import { forEachDatabase } from './db-harness';
import { anyCall, completion, hostedTestApp, ORG_KEY } from './hosted-test-kit';

type Kit = Awaited<ReturnType<typeof hostedTestApp>>;
let current: Kit | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function start(...args: Parameters<typeof hostedTestApp>) {
  current = await hostedTestApp(...args);
  return current;
}

describe('hosted models: sealed keys', () => {
  it('HM5 a key sealed with the current key opens; rotated, the previous key still opens it; another row or a changed byte does not', () => {
    const first = secretKeyringFrom(Buffer.alloc(32, 1).toString('base64'), undefined) as SecretKeyring;
    const sealed = seal(first, 'sk-secret', 'hosted_providers:a');
    expect(sealed.sealed).not.toContain('sk-secret');
    expect(open(first, sealed, 'hosted_providers:a')).toBe('sk-secret');
    expect(() => open(first, sealed, 'hosted_providers:b')).toThrow();
    const [v, iv, body, tag] = sealed.sealed.split('.');
    const flipped = `${v}.${iv}.${body!.slice(0, -2)}AA.${tag}`;
    expect(() => open(first, { ...sealed, sealed: flipped }, 'hosted_providers:a')).toThrow();
    const rotated = secretKeyringFrom(
      Buffer.alloc(32, 2).toString('base64'),
      Buffer.alloc(32, 1).toString('base64'),
    ) as SecretKeyring;
    expect(open(rotated, sealed, 'hosted_providers:a')).toBe('sk-secret');
    expect(seal(rotated, 'x', 'r').keyId).not.toBe(sealed.keyId);
    expect(parseSecretKey('short', 'PARLEY_SECRET_KEY')).toEqual({
      problem: expect.stringContaining('32 random bytes') as string,
    });
  });
});

forEachDatabase((t) => {
  describe('hosted models', () => {
    it('HM3 each admin route answers 401 without a session, 403 to a member and a content-moderator, and works for an admin', async () => {
      const { kit, admin, member, offerModel } = await start(t.database());
      const call = anyCall(kit);
      const moderator = await kit.signup('carol@example.com');
      await t
        .database()
        .db.updateTable('users')
        .set({ role: 'content-moderator' })
        .where('email', '=', 'carol@example.com')
        .execute();
      const { providerId, modelId } = await offerModel();
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/admin/hosted/models'],
        ['POST', '/api/admin/hosted/providers', { provider: 'openai', apiKey: 'sk-x' }],
        ['PATCH', `/api/admin/hosted/providers/${providerId}`, { name: 'Renamed' }],
        ['POST', '/api/admin/hosted/models', { providerId, modelID: 'gpt-4o', displayName: 'Big' }],
        ['PATCH', `/api/admin/hosted/models/${modelId}`, { displayName: 'Team GPT 2' }],
        ['PUT', '/api/admin/hosted/limits/members', { requestsPerMinute: 100 }],
        ['GET', '/api/admin/hosted/usage?days=7'],
        ['DELETE', `/api/admin/hosted/models/${modelId}`],
        ['DELETE', `/api/admin/hosted/providers/${providerId}`],
      ];
      for (const [method, url, body] of routes) {
        expect((await call(method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
        const asMember = await call(method, url, { token: member.token, body });
        expect(asMember.status, `${method} ${url} member`).toBe(403);
        expect(asMember.json).toMatchObject({ error: { code: 'forbidden:role' } });
        expect(
          (await call(method, url, { token: moderator.token, body })).status,
          `${method} ${url} moderator`,
        ).toBe(403);
        const asAdmin = await call(method, url, { token: admin.token, body });
        expect(asAdmin.status, `${method} ${url} admin`).toBeLessThan(300);
      }
    });

    it('HM5 HM6 the key never comes back: admin state shows a hint, members see no endpoint or key, the audit log has no key, logs neither', async () => {
      const { kit, admin, member, offerModel, lines } = await start(t.database());
      await offerModel();
      const state = await kit.call('GET', '/api/admin/hosted/models', { token: admin.token });
      const parsed = HostedAdminStateSchema.parse(state.json);
      expect(parsed.available).toBe(true);
      expect(parsed.providers[0]!.keyHint).toBe(`••••${ORG_KEY.slice(-4)}`);
      expect(state.text).not.toContain(ORG_KEY);
      const list = await kit.call('GET', '/api/hosted/models', { token: member.token });
      expect(HostedModelListSchema.parse(list.json)).toEqual({
        organisation: 'Acme',
        models: [
          expect.objectContaining({
            displayName: 'Team GPT',
            provider: 'openai',
            apiType: 'openai',
            modelID: 'gpt-4o-mini',
          }),
        ],
      });
      expect(list.text).not.toContain(ORG_KEY);
      expect(list.text).not.toContain('127.0.0.1');
      const chat = await kit.call('POST', '/api/hosted/tm_completions', {
        token: member.token,
        body: completion((list.json.models as { id: string }[])[0]!.id, 'Hello'),
      });
      expect(chat.status).toBe(200);
      expect(chat.text).not.toContain(ORG_KEY);
      const stored = await t.database().db.selectFrom('audit_log').selectAll().execute();
      expect(stored.map((row) => row.action)).toEqual([
        'hosted.model.provider.create',
        'hosted.model.create',
      ]);
      expect(JSON.stringify(stored)).not.toContain(ORG_KEY);
      const rows = await t
        .database()
        .db.selectFrom('hosted_providers' as never)
        .selectAll()
        .execute();
      expect(JSON.stringify(rows)).not.toContain(ORG_KEY);
      expect(JSON.stringify(lines)).not.toContain(ORG_KEY);
      expect(lines.length).toBeGreaterThan(3);
    });

    it('HM5 without PARLEY_SECRET_KEY nothing is offered and the admin is told how to set it', async () => {
      const { kit, admin, member } = await start(t.database(), { secretKey: null });
      const state = HostedAdminStateSchema.parse(
        (await kit.call('GET', '/api/admin/hosted/models', { token: admin.token })).json,
      );
      expect(state).toMatchObject({
        available: false,
        problem: expect.stringContaining('PARLEY_SECRET_KEY') as string,
      });
      const added = await kit.call('POST', '/api/admin/hosted/providers', {
        token: admin.token,
        body: { provider: 'openai', apiKey: 'sk-x' },
      });
      expect(added.status).toBe(503);
      expect((await kit.call('GET', '/api/hosted/models', { token: member.token })).json.models).toEqual([]);
      const self = HostedUserSelfSchema.parse(
        (await kit.call('GET', '/api/hosted/users/self', { token: member.token })).json,
      );
      expect(self.hosted?.available).toBe(false);
    });

    it('HM9 a member over their requests a minute gets 429 in plain words; the next minute passes; self shows limits and use', async () => {
      const { kit, admin, member, offerModel } = await start(t.database());
      const call = anyCall(kit);
      const { modelId } = await offerModel();
      expect(
        (
          await call('PUT', '/api/admin/hosted/limits/members', {
            token: admin.token,
            body: { requestsPerMinute: 2 },
          })
        ).status,
      ).toBe(200);
      for (let i = 0; i < 2; i++) {
        expect(
          (
            await kit.call('POST', '/api/hosted/tm_completions', {
              token: member.token,
              body: completion(modelId, 'Hi'),
            })
          ).status,
        ).toBe(200);
      }
      const refused = await kit.call('POST', '/api/hosted/tm_completions', {
        token: member.token,
        body: completion(modelId, 'Hi'),
      });
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({
        error: { code: 'rate_limited:hosted' },
        limit: { kind: 'requestsPerMinute', scope: 'member', limit: 2 },
      });
      expect(refused.json.userMessage).toBe(
        "You have reached your limit of 2 requests a minute to the organisation's models. You can send again in 60 seconds.",
      );
      expect(refused.headers.get('retry-after')).toBe('60');
      // The refused request counted nothing. The admin has the same limit of their own, untouched by bob's requests.
      expect(
        (
          await kit.call('POST', '/api/hosted/tm_completions', {
            token: admin.token,
            body: completion(modelId, 'Hi'),
          })
        ).status,
      ).toBe(200);
      const self = HostedUserSelfSchema.parse(
        (await kit.call('GET', '/api/hosted/users/self', { token: member.token })).json,
      );
      expect(self.hosted).toMatchObject({
        available: true,
        limits: { requestsPerMinute: 2 },
        used: { requestsThisMinute: 2 },
      });
      expect(self.hosted!.used.tokensToday).toBeGreaterThan(0);
      kit.clock.now += 60_000;
      expect(
        (
          await kit.call('POST', '/api/hosted/tm_completions', {
            token: member.token,
            body: completion(modelId, 'Hi'),
          })
        ).status,
      ).toBe(200);
    });

    it('HM9 a daily token limit stops the next request once used up; the organisation cap stops everyone; usage is per member and model', async () => {
      const { kit, admin, member, offerModel } = await start(t.database());
      const call = anyCall(kit);
      const { modelId } = await offerModel({ pricing: { prompt: 1, completion: 2 } });
      await call('PUT', '/api/admin/hosted/limits/members', {
        token: admin.token,
        body: { tokensPerDay: 5 },
      });
      expect(
        (
          await kit.call('POST', '/api/hosted/tm_completions', {
            token: member.token,
            body: completion(modelId, 'Hello there'),
          })
        ).status,
      ).toBe(200);
      const refused = await kit.call('POST', '/api/hosted/tm_completions', {
        token: member.token,
        body: completion(modelId, 'Again'),
      });
      expect(refused.status).toBe(429);
      expect(refused.json.userMessage).toBe(
        "You have used your 5 tokens for today on the organisation's models. It resets at midnight UTC, in 14 hours 0 minutes.",
      );
      await call('PUT', '/api/admin/hosted/limits/members', { token: admin.token, body: {} });
      await call('PUT', '/api/admin/hosted/limits/organisation', {
        token: admin.token,
        body: { costPerMonthUSD: 0.001 },
      });
      const org = await kit.call('POST', '/api/hosted/tm_completions', {
        token: admin.token,
        body: completion(modelId, 'Hi'),
      });
      expect(org.status).toBe(429);
      expect(org.json.userMessage).toMatch(
        /^The organisation has used its \$0\.00 for this month on its models\. It resets on the 1st of next month \(UTC\), in 31 days\.$/,
      );
      const report = HostedUsageReportSchema.parse(
        (await kit.call('GET', '/api/admin/hosted/usage?days=7', { token: admin.token })).json,
      );
      expect(report.byMember).toEqual([expect.objectContaining({ email: 'bob@example.com', requests: 1 })]);
      const [row] = report.byMember;
      expect(row!.promptTokens).toBeGreaterThan(0);
      expect(row!.completionTokens).toBeGreaterThan(0);
      // Cost from the admin's prices per 1000 tokens: prompt × 1 + completion × 2.
      expect(row!.costUSD).toBeCloseTo((row!.promptTokens * 1 + row!.completionTokens * 2) / 1000, 6);
      expect(report.byModel).toEqual([expect.objectContaining({ displayName: 'Team GPT', requests: 1 })]);
      expect(report.byDay).toEqual([expect.objectContaining({ day: '2026-03-01', requests: 1 })]);
    });

    it('HM4 a provider error keeps its status and meaning, without the key; a refused organisation key is 502', async () => {
      const { kit, member, offerModel } = await start(t.database());
      const { modelId } = await offerModel();
      const limited = await kit.call('POST', '/api/hosted/tm_completions', {
        token: member.token,
        body: completion(modelId, '[[sim:error 429]]'),
      });
      expect(limited.status).toBe(429);
      expect(limited.json).toMatchObject({ error: { code: 'upstream:rate_limited' }, provider: 'openai' });
      const missing = await kit.call('POST', '/api/hosted/tm_completions', {
        token: member.token,
        body: completion('nope', 'Hi'),
      });
      expect(missing.status).toBe(404);
      const badKey = await kit.call('POST', '/api/hosted/tm_completions', {
        token: member.token,
        body: completion(modelId, '[[sim:error 401]]'),
      });
      expect(badKey.status).toBe(502);
      expect(badKey.json.userMessage).toMatch(/^The provider refused the organisation's key for Team GPT/);
      expect(badKey.text).not.toContain(ORG_KEY);
      const bad = await kit.call('POST', '/api/hosted/tm_completions', {
        token: member.token,
        body: { modelId, messages: [] },
      });
      expect(bad.status).toBe(400);
    });

    it('HM2 one relay for every provider: Anthropic and Gemini requests are built by core, with the key only upstream', async () => {
      const { kit, sim, member, offerModel } = await start(t.database());
      const anthropic = await offerModel(
        { modelID: 'claude-3-5-haiku-latest', displayName: 'Team Claude' },
        'anthropic',
        `${sim.url}/v1`,
      );
      const gemini = await offerModel(
        { modelID: 'gemini-2.0-flash', displayName: 'Team Gemini' },
        'gemini',
        `${sim.url}/v1beta`,
      );
      for (const { modelId } of [anthropic, gemini]) {
        const res = await kit.call('POST', '/api/hosted/tm_completions', {
          token: member.token,
          body: completion(modelId, 'Hi'),
        });
        expect(res.status).toBe(200);
        expect(res.text.length).toBeGreaterThan(20);
      }
      const paths = sim.requests().map((entry) => entry.path);
      expect(paths).toEqual([
        '/v1/messages',
        '/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse',
      ]);
      expect(sim.requests()[0]!.headers['x-api-key']).toBe(ORG_KEY);
      expect(sim.requests()[1]!.headers['x-goog-api-key']).toBe(ORG_KEY);
    });

    it('HM2 the stream is relayed as it arrives (first bytes before the provider ends) and Stop cancels the provider call', async () => {
      const { member, sim, offerModel, listen } = await start(t.database());
      const { modelId } = await offerModel();
      const base = await listen();
      const abort = new AbortController();
      const res = await fetch(`${base}/api/hosted/tm_completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(completion(modelId, '[[sim:slow 5]] [[sim:long 200]]')),
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('data:');
      // 200 words at 5 a second: the provider is far from done, and the browser has bytes already.
      const upstream = sim.requests()[0]!;
      expect(upstream.disconnectedAt).toBeUndefined();
      abort.abort();
      await reader.cancel().catch(() => undefined);
      await expect.poll(() => sim.requests()[0]!.disconnectedAt, { timeout: 5000 }).toBeDefined();
      const usage = await t
        .database()
        .db.selectFrom('hosted_usage' as never)
        .selectAll()
        .execute();
      await expect
        .poll(async () =>
          (
            await t
              .database()
              .db.selectFrom('hosted_usage' as never)
              .select('status' as never)
              .execute()
          ).map((row) => (row as { status: string }).status),
        )
        .toEqual(['aborted']);
      expect(usage).toHaveLength(1);
    });
  });
});
