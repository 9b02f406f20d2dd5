import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, openAiMessages, uniqueKey } from '../pages/chat-sim-log';
import { PersonaSettings } from '../pages/persona-settings';
import { SIM_URL } from '../support/env';

async function systemMessageOfLastAnswer(key: string): Promise<string> {
  const requests = await answerRequestsWithKey(key);
  const system = openAiMessages(requests.at(-1)).find((message) => message.role === 'system');
  return typeof system?.content === 'string' ? system.content : '';
}

test.describe('Profiles and memory', () => {
  test('profiles: a javascript: picture is refused, switching changes what the model is told, reload keeps it', async ({
    page,
  }) => {
    test.slow();
    const key = uniqueKey();
    const chat = new ChatPage(page);
    const persona = new PersonaSettings(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    const settings = await persona.openSection('Profiles');

    const form = await persona.addProfile({
      name: 'Ada',
      picURL: 'javascript:alert(1)',
      information: 'I am a chemist in Lyon.',
      instruction: 'Always end with a chemistry fact.',
    });
    await expect(form.getByText('Profile picture URL must start with http:// or https://')).toBeVisible();
    // Never used as an image, anywhere on the page.
    await expect(page.locator('img[src^="javascript"]')).toHaveCount(0);
    await form.getByLabel('Picture URL').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await persona.addProfile({
      name: 'Bob Stone',
      picURL: `${SIM_URL}/__sim/no-such-picture.png`,
      information: 'I am a pilot based in Oslo.',
      instruction: 'Answer in one sentence.',
    });
    await expect(page.getByRole('listitem').filter({ hasText: 'Ada' }).getByText('Current')).toBeVisible();
    await settings.closeButton.click();

    await expect(persona.switcher).toHaveAccessibleName('Profile: Ada');
    await chat.send('Hello');
    // The first answer also fetches the streaming code: slow on a busy 2-core runner.
    await expect(chat.lastAnswer()).toContainText('Echo: Hello', { timeout: 15_000 });
    let system = await systemMessageOfLastAnswer(key);
    expect(system).toContain('I am a chemist in Lyon.');
    expect(system).toContain('Always end with a chemistry fact.');
    // The profile's name labels the profile; it is not told to the model as the user's name (SC2).
    expect(system).not.toContain('Name: Ada');

    await persona.switchTo('Bob Stone');
    // Bob's picture answers 404: the initials show instead.
    await expect(persona.switcher.getByTestId('profile-initials')).toHaveText('BS');
    await chat.send('Hello again');
    await expect(chat.lastAnswer()).toContainText('Echo: Hello again');
    system = await systemMessageOfLastAnswer(key);
    expect(system).toContain('I am a pilot based in Oslo.');
    expect(system).toContain('Answer in one sentence.');
    expect(system).not.toContain('chemist');

    await page.reload();
    await expect(persona.switcher).toHaveAccessibleName('Profile: Bob Stone');
  });

  test('memory: an entry reaches a new chat, "Remember this?" saves a fact once, reload keeps both', async ({
    page,
  }) => {
    test.slow();
    const key = uniqueKey();
    const chat = new ChatPage(page);
    const persona = new PersonaSettings(page);
    await chat.seedKeys({ openai: key });
    await chat.open();

    // Off by default: no proposal, no memory in the request.
    await chat.send('I live in Lisbon.');
    // The first answer also fetches the streaming code: slow on a busy 2-core runner.
    await expect(chat.lastAnswer()).toContainText('Echo: I live in Lisbon.', { timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Remember this?' })).toBeHidden();

    const settings = await persona.openSection('Memory');
    const memorySwitch = page.getByRole('switch', { name: 'Global memory' });
    await expect(memorySwitch).toHaveAttribute('aria-checked', 'false');
    await memorySwitch.click();
    await page.getByLabel('New memory').fill('My cat is called Miso.');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('My cat is called Miso.')).toBeVisible();
    await settings.closeButton.click();

    await chat.chatAction('New Chat');
    await chat.send('I work as a nurse. What should I cook tonight?');
    await expect(chat.lastAnswer()).toContainText('Echo: I work as a nurse.');
    expect(await systemMessageOfLastAnswer(key)).toContain('My cat is called Miso.');

    const proposal = page.getByRole('region', { name: 'Remember this?' });
    await expect(proposal).toContainText('I work as a nurse.');
    await proposal.getByRole('button', { name: 'Remember' }).click();
    await expect(proposal).toBeHidden();

    await chat.chatAction('New Chat');
    await chat.send('Suggest a weekend plan');
    await expect(chat.lastAnswer()).toContainText('Echo: Suggest a weekend plan');
    const system = await systemMessageOfLastAnswer(key);
    expect(system).toContain('My cat is called Miso.');
    expect(system).toContain('I work as a nurse.');

    // MP6-MP7: with memory on, the model keeps a fact itself through the save_memory tool.
    await chat.send('I am vegetarian [[sim:tool save_memory {"fact":"The user is vegetarian."}]]');
    await expect(page.getByRole('button', { name: /save_memory/ }).first()).toBeVisible();
    // The model's next turn comes after the tool ran (and stored the fact).
    await expect(chat.lastAnswer()).toContainText(
      'Tool result received: Remembered: The user is vegetarian.',
    );

    await page.reload();
    const again = await persona.openSection('Memory');
    await expect(
      again.dialog.getByRole('listitem').filter({ hasText: 'The user is vegetarian.' }),
    ).toBeVisible();
    await expect(again.dialog.getByRole('switch', { name: 'Global memory' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await again.dialog.getByLabel('Search memory').fill('nurse');
    await expect(again.dialog.getByRole('listitem').filter({ hasText: 'I work as a nurse.' })).toBeVisible();
    await expect(again.dialog.getByRole('listitem').filter({ hasText: 'Miso' })).toBeHidden();
  });
});
