import { expect, test, type Browser, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { ModelPickerPage } from '../pages/model-picker-page';
import { CloudSyncSettings, SYNC_PASSWORD, uniqueEmail } from '../pages/sync-settings';
import { SIM_URL } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

/** The admin named by ADMIN_EMAILS in playwright.config.ts (the server also has PARLEY_SECRET_KEY). */
const ADMIN = 'team-admin@example.com';

async function browserProfile(browser: Browser) {
  return (await browser.newContext()).newPage();
}

/** An account's session cookie in this browser profile: signed up once per run, else signed in. */
async function session(page: Page, email: string): Promise<string> {
  await page.goto('/');
  const signup = await page.request.post('/api/auth/signup', { data: { email, password: SYNC_PASSWORD } });
  const res = signup.ok()
    ? signup
    : await page.request.post('/api/auth/login', { data: { email, password: SYNC_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

test.describe('Teams: models the organisation pays for', () => {
  test('an admin offers a model with a small limit; a member chats through it, the member over the limit reads why, and the admin’s Usage tab shows the request', async ({
    browser,
  }) => {
    const name = `Team GPT ${Date.now().toString(36)}`;
    // Seeded through the admin routes (the Models tab's own calls): a simulator-backed provider and a model.
    const admin = await browserProfile(browser);
    await session(admin, ADMIN);
    const provider = await admin.request.post('/api/admin/hosted/providers', {
      data: { provider: 'openai', endpoint: `${SIM_URL}/v1`, apiKey: 'sk-org-e2e-0123456789' },
    });
    expect(provider.status()).toBe(201);
    const providerId = ((await provider.json()) as { id: string }).id;
    const model = await admin.request.post('/api/admin/hosted/models', {
      data: { providerId, modelID: 'gpt-4o-mini', displayName: name },
    });
    expect(model.status()).toBe(201);

    // A member with a limit of their own: 5 tokens a day, used up by the first answer.
    const member = await browserProfile(browser);
    const email = uniqueEmail('team-member');
    const memberId = await session(member, email);
    const limit = await admin.request.put(`/api/admin/hosted/limits/user:${memberId}`, {
      data: { tokensPerDay: 5 },
    });
    expect(limit.ok()).toBe(true);

    // The member (no API key on this device) picks the organisation's model and chats: it streams.
    const memberSync = new CloudSyncSettings(member);
    await memberSync.signIn(email);
    await memberSync.close();
    const picker = new ModelPickerPage(member);
    await picker.open();
    await expect(picker.list.getByRole('group', { name: 'Acme' })).toBeVisible();
    await picker.choose(name);
    const chat = new ChatPage(member);
    await chat.send('Hello from the team');
    await expect(chat.lastAnswer()).toContainText('Echo: Hello from the team');
    await keepScreenshot(member, 'hosted-model-chat');

    // Over the limit: the answer says which limit and when it resets; the question stays.
    await chat.send('And once more');
    await expect(chat.lastAnswer()).toContainText("Your organisation's limit for this model is reached.");
    await expect(chat.lastAnswer()).not.toContainText('is limiting your requests');
    await expect(chat.lastAnswer()).toContainText(
      "You have used your 5 tokens for today on the organisation's models. It resets at midnight UTC",
    );
    await expect(chat.messages.getByText('And once more')).toBeVisible();
    await keepScreenshot(member, 'hosted-model-over-limit');

    // The admin's Usage tab (Settings → Admin) shows the member's request.
    const adminSync = new CloudSyncSettings(admin);
    await adminSync.signIn(ADMIN);
    await adminSync.settings.showSection('Admin');
    await adminSync.settings.dialog.getByRole('radio', { name: 'Usage' }).check();
    const row = adminSync.settings.dialog.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').first()).toHaveText('1');
    await keepScreenshot(admin, 'hosted-usage-tab');

    // The shared e2e server's members see the organisation's models: take this one away again.
    const removed = await admin.request.delete(`/api/admin/hosted/providers/${providerId}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(removed.status()).toBe(204);
  });
});
