import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey, type SimRequest } from '../pages/chat-sim-log';
import { ComparePage, flat } from '../pages/compare-page';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { ModelPickerPage } from '../pages/model-picker-page';
import { keepScreenshot } from '../support/screenshots';

const GPT = 'GPT-5.1';
const CLAUDE = 'Claude Sonnet 4';
const GEMINI = 'Gemini 2.5 Flash';

/** The text of every turn a logged request carries, whatever the provider's wire format. */
function turnsOf(request: SimRequest | undefined): string[] {
  const body = request?.body as {
    messages?: { content: unknown }[];
    contents?: { parts: { text?: string }[] }[];
  };
  const text = (content: unknown): string =>
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((part: { text?: string }) => part.text ?? '').join('')
        : '';
  if (body?.contents)
    return body.contents.map((turn) => flat(turn.parts.map((part) => part.text ?? '').join('')));
  return (body?.messages ?? []).map((message) => flat(text(message.content)));
}

test.describe('Several models at once', () => {
  test.setTimeout(180_000);

  test('one question to three providers streams three columns at once; Stop on one leaves the others; the picked answer carries the chat on', async ({
    page,
  }) => {
    const keys = { openai: uniqueKey(), anthropic: uniqueKey('ant'), gemini: uniqueKey('gem') };
    const chat = new ChatPage(page);
    const compare = new ComparePage(page);
    await chat.seedKeys(keys);
    await chat.open();
    await compare.add('claude-sonnet-4-2025', CLAUDE);
    await compare.add('gemini-2.5-flash', GEMINI);

    // 300 words at 30 tokens a second: about ten seconds, long enough to stop one column mid-answer.
    await chat.send('Race [[sim:slow 30]] [[sim:long 300]]');
    // Simultaneity: every column has text while every one of them is still streaming.
    for (const title of [GPT, CLAUDE, GEMINI]) {
      // Words of the answer's text: the column's header has words too.
      await expect(compare.column(title).getByRole('article').locator('.md-body')).toContainText(
        /\w+ \w+ \w+ \w+/,
        {
          timeout: 15_000,
        },
      );
    }
    for (const title of [GPT, CLAUDE, GEMINI]) await expect(compare.stop(title)).toBeVisible();

    // Stop on Claude's column: it keeps what came; the two others go on to their end.
    await compare.stop(CLAUDE).click();
    await expect(compare.column(CLAUDE)).toContainText('Stopped');
    const words = async (title: string) =>
      (await compare.column(title).getByRole('article').innerText()).split(/\s+/).length;
    const atStop: Record<string, number> = { [GPT]: await words(GPT), [GEMINI]: await words(GEMINI) };
    for (const title of [GPT, GEMINI]) {
      await expect(compare.pick(title)).toBeEnabled({ timeout: 120_000 });
      await expect(compare.column(title)).not.toContainText('Stopped');
      expect(await words(title)).toBeGreaterThan(atStop[title]!);
    }
    // Each column shows its own usage.
    for (const title of [GPT, CLAUDE, GEMINI]) await expect(compare.column(title)).toContainText('tokens');

    // One request per provider, each with the question alone.
    for (const key of Object.values(keys)) {
      const requests = await answerRequestsWithKey(key);
      expect(requests).toHaveLength(1);
      expect(turnsOf(requests[0]).at(-1)).toContain('Race');
    }
    const texts = {
      gpt: await compare.text(GPT),
      claude: await compare.text(CLAUDE),
      gemini: await compare.text(GEMINI),
    };
    expect(new Set(Object.values(texts)).size).toBe(3);

    // Gemini's answer carries the chat on, with Gemini: the picker says so and comparing ends (MC4).
    await compare.pick(GEMINI).click();
    await expect(page.getByRole('status').filter({ hasText: `Continuing with ${GEMINI}` })).toBeVisible();
    await expect(compare.columns).toBeHidden();
    await expect(new ModelPickerPage(page).trigger).toHaveText(GEMINI);
    await expect(compare.chosen).toBeHidden();
    await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 3 of 3');
    await chat.send('Next [[sim:reply Fine.]]');
    await expect(chat.lastAnswer()).toContainText('Fine.');
    // The next question went to Gemini alone, with Gemini's answer in its history.
    expect(await answerRequestsWithKey(keys.openai)).toHaveLength(1);
    expect(await answerRequestsWithKey(keys.anthropic)).toHaveLength(1);
    const next = (await answerRequestsWithKey(keys.gemini)).at(-1);
    expect(turnsOf(next)).toEqual([
      'Race [[sim:slow 30]] [[sim:long 300]]',
      texts.gemini,
      'Next [[sim:reply Fine.]]',
    ]);

    // A reload keeps the pick (no columns come back); the other answers are reachable by the switcher.
    await page.reload();
    await expect(chat.userMessages).toHaveText([/^Race/, /^Next/]);
    await expect(compare.columns).toBeHidden();
    const first = chat.answers.first();
    await expect(first.locator('header')).toContainText(GEMINI);
    await expect(chat.versions(first)).toHaveAccessibleName('Version 3 of 3');
    await chat.switchVersion(first, 'Previous version');
    await expect(chat.lastAnswer().locator('header')).toContainText(CLAUDE);
    await expect(chat.lastAnswer()).toContainText('Stopped');
    await chat.switchVersion(chat.lastAnswer(), 'Previous version');
    await expect(chat.lastAnswer().locator('header')).toContainText(GPT);
    await expect(chat.userMessages).toHaveText([/^Race/]);
  });

  test('the columns stay across a reload, with their answers; Continue with this then picks that model', async ({
    page,
  }) => {
    const keys = { openai: uniqueKey(), anthropic: uniqueKey('ant') };
    const chat = new ChatPage(page);
    const compare = new ComparePage(page);
    await chat.seedKeys(keys);
    await chat.open();
    await compare.add('claude-sonnet-4-2025', CLAUDE);
    await chat.send('Which is better?');
    for (const title of [GPT, CLAUDE]) await expect(compare.pick(title)).toBeEnabled({ timeout: 30_000 });
    // Both answers saved in full before the reload (WS6).
    await expect
      .poll(async () => {
        // The compared chat, whichever place its id takes among the stored chats.
        const stored = (
          await new RawParleyDatabase(page).chats<{
            comparison?: { columns: { messageId: string }[] } | null;
            messages: { id: string; finish?: string }[];
          }>()
        ).find((chat) => chat.comparison);
        const columns = stored?.comparison?.columns ?? [];
        return columns.map((c) => stored?.messages.find((m) => m.id === c.messageId)?.finish);
      })
      .toEqual(['stop', 'stop']);

    await page.reload();
    for (const title of [GPT, CLAUDE]) {
      await expect(compare.column(title)).toContainText('Echo: Which is better?');
      await expect(compare.column(title)).toContainText('tokens');
    }
    await compare.pick(CLAUDE).click();
    await expect(page.getByRole('status').filter({ hasText: `Continuing with ${CLAUDE}` })).toBeVisible();
    await expect(compare.columns).toBeHidden();
    await expect(new ModelPickerPage(page).trigger).toHaveText(CLAUDE);
    await keepScreenshot(page, 'compare-continue-wide');
    await chat.send('And next?');
    await expect(chat.lastAnswer()).toContainText('Echo: And next?');
    expect(await answerRequestsWithKey(keys.openai)).toHaveLength(1);
    expect(await answerRequestsWithKey(keys.anthropic)).toHaveLength(2);
  });

  test('on a phone the answers are tabs', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    const keys = { openai: uniqueKey(), anthropic: uniqueKey('ant') };
    const chat = new ChatPage(page);
    const compare = new ComparePage(page);
    await chat.seedKeys(keys);
    await chat.open();
    await compare.add('claude-sonnet-4-2025', CLAUDE);
    await chat.send('Hello both');
    await expect(compare.pick(GPT)).toBeEnabled({ timeout: 30_000 });
    await expect(compare.column(CLAUDE)).toBeHidden();
    await compare.tabs.getByRole('tab', { name: CLAUDE }).click();
    await expect(compare.column(CLAUDE)).toContainText('Echo: Hello both');
    await expect(compare.column(GPT)).toBeHidden();
    await compare.pick(CLAUDE).click();
    await expect(page.getByRole('status').filter({ hasText: `Continuing with ${CLAUDE}` })).toBeVisible();
    await expect(new ModelPickerPage(page).trigger).toHaveText(CLAUDE);
    await keepScreenshot(page, 'compare-continue-phone-dark');
  });
});
