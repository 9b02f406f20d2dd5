import { expect, test, type Browser } from '@playwright/test';
import { AgentsScreen } from '../pages/agents-screen';
import { ChatPage } from '../pages/chat-page';
import { PalettePage } from '../pages/palette-page';
import { PromptLibrary } from '../pages/prompt-library';
import { uniqueKey } from '../pages/chat-sim-log';
import { CloudSyncSettings, SYNC_PASSWORD, uniqueEmail } from '../pages/sync-settings';
import { keepScreenshot } from '../support/screenshots';

/** The admin named by ADMIN_EMAILS in playwright.config.ts. */
const ADMIN = 'team-admin@example.com';

async function browserProfile(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test.describe('Teams: the organisation shares an agent', () => {
  // Two browsers, two accounts and a chat: more than one screen's worth of steps.
  test.setTimeout(60_000);

  test('an admin publishes an agent in the admin panel; a member sees it read-only in their library and chats with it', async ({
    browser,
  }) => {
    const title = `Contract Reviewer ${Date.now().toString(36)}`;
    // The admin's account: made once per run (the server keeps its database for the whole run).
    const admin = await browserProfile(browser);
    await admin.goto('/');
    await admin.request.post('/api/auth/signup', { data: { email: ADMIN, password: SYNC_PASSWORD } });
    const adminSync = new CloudSyncSettings(admin);
    await adminSync.signIn(ADMIN);

    // The palette opens Settings → Admin; there, Shared agents & prompts: publish an agent.
    const settings = adminSync.settings;
    await adminSync.close();
    const palette = new PalettePage(admin);
    await palette.open();
    await palette.input.fill('admin');
    await palette.result('Open the admin panel').click();
    await expect(settings.section('Admin')).toHaveAttribute('aria-selected', 'true');
    await settings.dialog.getByRole('radio', { name: 'Shared agents & prompts' }).check();
    await settings.dialog.getByRole('button', { name: 'Publish an agent or prompt' }).click();
    await settings.dialog.getByLabel('Name', { exact: true }).fill(title);
    await settings.dialog.getByLabel('Description').fill('Reads contracts for risky clauses.');
    await settings.dialog.getByLabel('Instructions').fill('You review contracts.');
    await settings.dialog.getByLabel('Welcome message').fill('Paste a contract and I will review it.');
    await settings.dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(settings.dialog.getByRole('listitem').filter({ hasText: title })).toBeVisible();
    // And a prompt.
    await settings.dialog.getByRole('button', { name: 'Publish an agent or prompt' }).click();
    await settings.dialog.getByRole('radio', { name: 'Prompt', exact: true }).check();
    await settings.dialog.getByLabel('Name', { exact: true }).fill(`Weekly report ${title}`);
    await settings.dialog.getByLabel('Prompt text').fill('Summarise this week for the team.');
    await settings.dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(
      settings.dialog.getByRole('listitem').filter({ hasText: `Weekly report ${title}` }),
    ).toBeVisible();
    await keepScreenshot(admin, 'admin-shared-agents');
    await settings.dialog.getByRole('radio', { name: 'Audit log' }).check();
    await expect(settings.dialog.getByText(`shared.agent.create`).first()).toBeVisible();
    await expect(settings.dialog.getByText(title).first()).toBeVisible();

    // A member (another browser) signs up: no Admin section for them; the agent is in their library.
    const member = await browserProfile(browser);
    const chat = new ChatPage(member);
    await chat.seedKeys({ openai: uniqueKey('sk-team') });
    await member.goto('/');
    const memberSync = new CloudSyncSettings(member);
    await memberSync.signUp(uniqueEmail('team-member'));
    await expect(memberSync.settings.section('Admin')).toHaveCount(0);
    await memberSync.close();
    const agents = new AgentsScreen(member);
    await agents.open();
    const card = agents.card(title);
    await expect(card).toBeVisible();
    await expect(card.getByText('Organisation', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Duplicate ${title}` })).toBeVisible();
    await keepScreenshot(member, 'member-organisation-agents');
    await member.keyboard.press('Escape');
    await expect(agents.dialog).toBeHidden();

    // The organisation's prompt: in the member's prompt library, to use or copy, not to edit.
    const prompts = new PromptLibrary(member);
    await prompts.open();
    const orgPrompts = prompts.dialog.getByRole('region', { name: "Your organisation's prompts" });
    const row = orgPrompts.getByRole('listitem').filter({ hasText: `Weekly report ${title}` });
    await expect(row.getByRole('button', { name: 'Use' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Copy to My prompts' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await member.keyboard.press('Escape');
    await expect(prompts.dialog).toBeHidden();

    await agents.open();
    await card.getByRole('button', { name: `Start chat with ${title}` }).click();
    await expect(agents.dialog).toBeHidden();
    await expect(chat.answers.first()).toContainText('Paste a contract and I will review it.');
    await chat.send('Is clause 4 risky?');
    await expect(chat.lastAnswer()).toContainText('Echo: Is clause 4 risky?');
  });
});
