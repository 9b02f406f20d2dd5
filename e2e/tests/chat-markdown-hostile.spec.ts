import { expect, test, type Locator, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { FatalErrorScreen } from '../pages/fatal-error-screen';
import { seedLibrary } from '../pages/sidebar-library';
import { SYNC_PASSWORD, uniqueEmail } from '../pages/sync-settings';
import { APP_URL } from '../support/env';

/**
 * Hostile answers (decision 0068): markdown nested 10,000 levels deep used to overflow the
 * renderer's stack ("Something went wrong", again after every reload, since the app reopens the
 * chat), blank a share page, or stall the tab for seconds. Nesting past 32 levels is shown as text.
 */
const DEEP_QUOTE = `${'> '.repeat(10_000)}the bottom of the quote`;
// The same nesting in one simulator token (`>>` is two levels, as `> >`): 10,000 tokens would pass
// the model's output limit, where the simulator cuts the answer as a real model would.
const DEEP_QUOTE_ONE_TOKEN = `${'>'.repeat(10_000)} the bottom of the quote`;
const DEEP_LIST = `${'- '.repeat(5_000)}the bottom of the list`;
const TOO_DEEP = 'Nested too deeply or too complex to format, so shown as plain text.';

/** The parts of an answer (or page) shown as written, past the nesting bound. */
function plainParts(within: Locator) {
  return within.getByRole('region', { name: 'Unformatted text' });
}

/** The text shown as written ends with `end` (checked without printing 20 kB on a failure). */
async function expectShownAsText(part: Locator, end: string) {
  await expect
    .poll(async () => ((await part.textContent()) ?? '').trimEnd().endsWith(end), {
      message: `text shown as written, ending in "${end}"`,
    })
    .toBe(true);
}

async function expectSaved(page: Page, text: string) {
  await expect
    .poll(async () => JSON.stringify(await new RawParleyDatabase(page).chats()).includes(text))
    .toBe(true);
}

test.describe('Hostile markdown answers', () => {
  test('an answer of 10,000 nested quotes shows as text; the chat goes on and comes back after a reload', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey('sk-deep') });
    await chat.open();
    await chat.send(`Quote me [[sim:reply ${DEEP_QUOTE_ONE_TOKEN}]]`);
    const answer = chat.lastAnswer();
    await expectShownAsText(plainParts(answer), 'the bottom of the quote');
    await expect(answer.getByText(TOO_DEEP)).toBeVisible();
    await expect(answer.locator('blockquote')).toHaveCount(0);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);

    // The app still works: the next question is answered and rendered.
    await chat.send('Still **there**?');
    await expect(chat.lastAnswer()).toContainText('Echo: Still there?');
    await expect(chat.lastAnswer().locator('strong')).toHaveText('there');

    await expectSaved(page, 'Echo: Still');
    await page.reload();
    await expect(chat.answers.first()).toBeVisible();
    await expectShownAsText(plainParts(chat.answers.first()), 'the bottom of the quote');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });

  test('thousands of nested list items show as text; nesting within the bound renders as before', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.open();
    await seedLibrary(page, [
      {
        id: 'ch-e2e-deep-list',
        title: 'Deep list',
        updatedAt: new Date().toISOString(),
        messages: [
          'Quote me',
          DEEP_QUOTE,
          'List everything',
          DEEP_LIST,
          'And a normal list?',
          '- one\n  - two\n    - three',
        ],
      },
    ]);
    await chat.chatInList('Deep list').click();
    await expectShownAsText(plainParts(chat.answers.nth(0)), 'the bottom of the quote');
    await expectShownAsText(plainParts(chat.answers.nth(1)), 'the bottom of the list');
    // Nesting within the bound is rendered as before.
    await expect(chat.lastAnswer().locator('ul ul ul li')).toHaveText('three');
  });

  test('a share page of such answers is not blank', async ({ browser, request }) => {
    // The chat behind a share link is made through the API (the Share dialog has its own story).
    const signup = await request.post('/api/auth/signup', {
      data: { email: uniqueEmail('hostile-share'), password: SYNC_PASSWORD },
    });
    expect(signup.ok()).toBe(true);
    const { token } = (await signup.json()) as { token: string };
    const at = new Date().toISOString();
    const shared = await request.post('/api/shares', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        chatId: 'ch-e2e-deep-list',
        title: 'Deep list',
        model: 'gpt-4-turbo',
        createdAt: at,
        messages: [
          { role: 'user', content: 'Quote me', model: null, createdAt: at },
          { role: 'assistant', content: DEEP_QUOTE, model: 'gpt-4-turbo', createdAt: at },
          { role: 'user', content: 'List everything', model: null, createdAt: at },
          { role: 'assistant', content: DEEP_LIST, model: 'gpt-4-turbo', createdAt: at },
        ],
      },
    });
    expect(shared.ok()).toBe(true);
    const { share } = (await shared.json()) as { share: { id: string } };

    const stranger = await browser.newContext();
    const reader = await stranger.newPage();
    await reader.goto(`${APP_URL}/s/${share.id}`);
    await expect(reader.getByRole('heading', { level: 1, name: 'Deep list' })).toBeVisible();
    const messages = reader.getByRole('list', { name: 'Messages' });
    await expect(plainParts(messages)).toHaveCount(2);
    await expectShownAsText(plainParts(messages).first(), 'the bottom of the quote');
    await expectShownAsText(plainParts(messages).last(), 'the bottom of the list');
    await expect(reader.getByRole('button', { name: 'Continue this chat in Parley' })).toBeVisible();
    await stranger.close();
  });

  test('a message the renderer cannot show offers its raw text; the rest of the chat works', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey('sk-raw') });
    // The markdown renderer's chunk never loads (a deployment removed it while the tab was open).
    await page.route(/\/assets\/MarkdownRenderer-[^/]+\.js$/, (route) => route.abort());
    await chat.open();
    await chat.send('Explain [[sim:reply The **raw** answer > as written]]');
    const answer = chat.lastAnswer();
    await expect(answer.getByText('This message could not be shown.')).toBeVisible({ timeout: 15_000 });
    await answer.getByRole('button', { name: 'Show raw text' }).click();
    await expect(answer.locator('pre')).toHaveText('The **raw** answer > as written');
    // Its actions stay, and the chat goes on.
    await expect(answer.getByRole('toolbar', { name: 'Message actions' })).toBeAttached();
    await chat.send('Another question');
    await expect(chat.userMessages.last()).toHaveText('Another question');
    await expect(chat.answers).toHaveCount(2);
  });

  test('a chat open when the app crashed is not reopened at the next start; it stays in the list and opens', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    const fatal = new FatalErrorScreen(page);
    await chat.open();
    await seedLibrary(page, [
      {
        id: 'ch-e2e-crashed',
        title: 'Crashed chat',
        updatedAt: new Date().toISOString(),
        messages: ['Hello', 'An answer that was open during the crash'],
      },
    ]);
    await chat.chatInList('Crashed chat').click();
    await expect(chat.lastAnswer()).toContainText('An answer that was open during the crash');

    // The app crashes while the chat is open (the app's crash test hook).
    await fatal.armCrashHook();
    await page.reload();
    await fatal.expectShown();
    await fatal.disarmCrashHook();
    await fatal.reloadButton.click();

    await expect(page.getByText('Start a conversation')).toBeVisible();
    await expect(chat.messages).toHaveCount(0);
    await chat.chatInList('Crashed chat').click();
    await expect(chat.lastAnswer()).toContainText('An answer that was open during the crash');
    // Shown without a crash this time: a reload reopens it as usual.
    await page.reload();
    await expect(chat.lastAnswer()).toContainText('An answer that was open during the crash');
  });
});
