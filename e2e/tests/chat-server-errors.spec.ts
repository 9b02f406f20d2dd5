import { expect, test, type Locator, type Route } from '@playwright/test';
import { alertsOutsideMessages, recordAlertsOutsideMessages } from '../pages/alert-log';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { modelOption } from '../pages/model-option';

/** True when `first` comes before `second` in the page (the error card sits under the answer's text). */
async function comesBefore(first: Locator, second: Locator): Promise<boolean> {
  const other = await second.elementHandle();
  return first.evaluate(
    (node, after) =>
      !!after && (node.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    other,
  );
}

/**
 * Opens the model picker and chooses the first model of `group` that is not the current one, by
 * position rather than name, so the story does not depend on which models the catalogue lists.
 */
async function chooseFirstOf(chat: ChatPage, group: string): Promise<string> {
  await chat.modelPicker.click();
  return chooseInOpenList(chat, group);
}

async function chooseInOpenList(chat: ChatPage, group: string): Promise<string> {
  const list = chat.page.getByRole('listbox', { name: 'Models' });
  const options = list.getByRole('group', { name: group });
  // The live lists may arrive while the picker is open and replace the catalogue's options (a click
  // can then land on the option that took its place): read the first one's name, click that name,
  // and choose again until the picker shows it.
  let title = '';
  await expect(async () => {
    if (!(await list.isVisible())) await chat.modelPicker.click();
    const first = options.getByRole('option', { selected: false }).first();
    title = (await first.locator('[id$="-title"]').innerText({ timeout: 2_000 })).trim();
    await modelOption(options, title).first().click({ timeout: 2_000 });
    await expect(chat.modelPicker).toHaveText(title, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return title;
}

/**
 * The provider no longer has `retired`: every request for it gets the simulator's real 404
 * (`model_not_found`), while other models answer as usual.
 */
async function retireModelOfFirstRequest(route: Route, state: { retired?: string }) {
  const request = route.request();
  if (request.method() !== 'POST') return route.continue();
  const body = request.postDataJSON() as { model: string; messages: { content: unknown }[] };
  state.retired ??= body.model;
  const last = body.messages.at(-1);
  if (body.model === state.retired && last && typeof last.content === 'string') {
    last.content += ' [[sim:error 404]]';
  }
  return route.continue({ postData: JSON.stringify(body) });
}

test.describe('What real servers send: errors mid-stream, upstream causes, retired models', () => {
  test('a mid-stream error frame ends the partial answer as an error; OpenRouter shows the upstream cause; a retired model is replaced from its error', async ({
    page,
  }) => {
    test.slow();
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await recordAlertsOutsideMessages(page);
    await chat.seedKeys({ openai: key, openrouter: key, anthropic: key, gemini: key });
    await chat.open();
    await chooseFirstOf(chat, 'OpenAI');

    // An OpenAI-compatible stream that sends some text, then `event: error` (ST27): the text stays,
    // the error sits under it, and Continue is offered: it never reads as a complete answer.
    await chat.send('Tell me a story [[sim:long 40]] [[sim:midstream-error event]]');
    const cut = chat.lastAnswer();
    const error = cut.getByRole('alert');
    await expect(error).toContainText('OpenAI is overloaded right now.');
    await expect(error).toContainText('OpenAI said: Service Unavailable: the model stopped responding');
    await expect(error.getByRole('button', { name: 'Continue' })).toBeVisible();
    const partial = cut.locator('.md-body');
    expect((await partial.innerText()).trim().split(/\s+/).length).toBeGreaterThan(5);
    expect(await comesBefore(partial, error)).toBe(true);
    await expect(page.getByRole('alert').filter({ hasText: 'overloaded right now' })).toHaveCount(1);

    // OpenRouter's 502 "Provider returned error" names the upstream provider and what it said (ER16).
    await chooseFirstOf(chat, 'OpenRouter');
    await chat.send('Anyone upstream? [[sim:error 502]]');
    const upstream = chat.lastAnswer().getByRole('alert');
    await expect(upstream).toContainText('OpenRouter had an error on its side');
    await expect(upstream).toContainText(
      'OpenRouter said: Provider returned error (OpenAI: The server had an error processing your request. Sorry about that!)',
    );

    // A new chat on a model its provider has retired: the provider's not-found error, and a way out.
    await chat.chatAction('New Chat');
    const before = await chooseFirstOf(chat, 'OpenAI');
    const state: { retired?: string } = {};
    await page.route('**/v1/chat/completions', (route) => retireModelOfFirstRequest(route, state));
    await chat.send('What is new?');
    const gone = chat.lastAnswer().getByRole('alert');
    await expect(gone).toContainText('Unable to use the API. Error message:');
    await expect(gone).toContainText('does not exist or you do not have access to it');
    await expect(gone).toContainText('This model is not available at OpenAI: it may have been retired');

    await gone.getByRole('button', { name: 'Choose another model' }).click();
    await expect(page.getByRole('listbox', { name: 'Models' })).toBeVisible();
    // The picker opens with its search field focused.
    await expect(page.getByRole('searchbox', { name: 'Search models' })).toBeFocused();
    const title = await chooseInOpenList(chat, 'OpenAI');
    expect(title).not.toBe(before);

    await chat.lastAnswer().getByRole('button', { name: 'Retry' }).click();
    await expect(chat.lastAnswer()).toContainText('Echo: What is new?');
    await expect(chat.lastAnswer().getByRole('alert')).toHaveCount(0);
    const sent = await answerRequestsWithKey(key);
    const models = sent.map((request) => (request.body as { model: string }).model);
    expect(models.at(-2)).toBe(state.retired);
    expect(models.at(-1)).not.toBe(state.retired);

    await page.reload();
    await expect(chat.lastAnswer()).toContainText('Echo: What is new?');
    await expect(chat.modelPicker).toHaveText(title);
    expect(await alertsOutsideMessages(page)).toEqual([]);
  });
});
