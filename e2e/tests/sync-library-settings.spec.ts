import { expect, test } from '@playwright/test';
import { AgentsScreen } from '../pages/agents-screen';
import { ModelPickerPage } from '../pages/model-picker-page';
import { ModelsSection } from '../pages/models-section';
import { openSettings } from '../pages/open-settings';
import { PersonaSettings } from '../pages/persona-settings';
import { PromptLibrary } from '../pages/prompt-library';
import { signedInDevices } from '../pages/sync-settings';

test.describe('What a user sets up follows them to another device', () => {
  test.setTimeout(150_000);

  test('hidden and reordered models, a prompt, an agent, a profile and a memory made on each device reach the other', async ({
    browser,
  }) => {
    const { laptop, phone, laptopSync, phoneSync } = await signedInDevices(browser, 'library-settings');

    // Laptop: the models it wants, in its order; a prompt; an agent; a profile.
    await openSettings(laptop);
    const models = new ModelsSection(laptop);
    await models.open();
    await models.hide('GPT-4o');
    await models.moveUpWithKeyboard('GPT-5 mini');
    // Its place counts any model the organisation offers on this shared server (another story adds one).
    await expect(laptop.getByText(/^GPT-5 mini moved to position \d+ of \d+\.$/)).toBeAttached();
    await models.settings.close();
    const laptopPrompts = new PromptLibrary(laptop);
    await laptopPrompts.open();
    await laptopPrompts.create('Weekly report', 'Summarise my week in five bullet points.');
    await laptop.keyboard.press('Escape');
    const laptopAgents = new AgentsScreen(laptop);
    await laptopAgents.open();
    await laptopAgents.create({ name: 'Travel planner', instruction: 'Plan trips on a budget.' });
    await laptop.keyboard.press('Escape');
    const laptopPersona = new PersonaSettings(laptop);
    let settings = await laptopPersona.openSection('Profiles');
    await laptopPersona.addProfile({
      name: 'Work',
      information: 'I am an engineer.',
      instruction: 'Be brief.',
    });
    await settings.close();

    // Phone, meanwhile and before any sync: its own profile and a memory.
    const phonePersona = new PersonaSettings(phone);
    settings = await phonePersona.openSection('Profiles');
    await phonePersona.addProfile({ name: 'Home', information: 'I cook.', instruction: 'Be warm.' });
    await settings.showSection('Memory');
    await phone.getByRole('switch', { name: 'Global memory' }).click();
    await phone.getByLabel('New memory').fill('My cat is called Miso.');
    await phone.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(phone.getByText('My cat is called Miso.')).toBeVisible();
    await settings.close();

    // Both sync, the laptop first (its profile section is older than the phone's).
    await laptopSync.syncNowAndExpectSynced();
    await laptopSync.close();
    await phoneSync.syncNowAndExpectSynced();
    await phoneSync.close();
    await laptopSync.syncNowAndExpectSynced();
    await laptopSync.close();

    // The phone: the laptop's model order and hidden model, its prompt and agent, both profiles.
    const picker = new ModelPickerPage(phone);
    await picker.open();
    const options = picker.list.getByRole('option');
    // Moved up one, GPT-5 mini now comes right before GPT-5.
    const names = await options.evaluateAll((items) => items.map((item) => (item.textContent ?? '').trim()));
    const mini = names.findIndex((name) => name.startsWith('GPT-5 mini'));
    expect(mini).toBeGreaterThanOrEqual(0);
    expect(names[mini + 1]).toMatch(/^GPT-5(?! mini| nano|\.)/);
    await picker.search.fill('gpt-4o');
    await expect(picker.option('GPT-4o mini')).toBeVisible();
    await expect(picker.option('GPT-4o')).toHaveCount(0);
    await phone.keyboard.press('Escape');
    const phonePrompts = new PromptLibrary(phone);
    await phonePrompts.open();
    // Exactly its title: the shared server's organisation prompts may hold one that starts the same.
    await expect(
      phone
        .getByRole('dialog', { name: 'Prompt library' })
        .getByRole('heading', { name: 'Weekly report', exact: true }),
    ).toBeVisible();
    await phone.keyboard.press('Escape');
    const phoneAgents = new AgentsScreen(phone);
    await phoneAgents.open();
    await expect(phoneAgents.card('Travel planner')).toBeVisible();
    await phone.keyboard.press('Escape');
    await phonePersona.switcher.click();
    await expect(phone.getByRole('menuitemradio', { name: 'Work' })).toBeVisible();
    await expect(phone.getByRole('menuitemradio', { name: 'Home' })).toBeVisible();
    await phone.keyboard.press('Escape');

    // The laptop: the phone's profile and memory, its own profile kept.
    await laptopPersona.switcher.click();
    await expect(laptop.getByRole('menuitemradio', { name: 'Home' })).toBeVisible();
    await expect(laptop.getByRole('menuitemradio', { name: 'Work' })).toBeVisible();
    await laptop.keyboard.press('Escape');
    settings = await laptopPersona.openSection('Memory');
    await expect(laptop.getByText('My cat is called Miso.')).toBeVisible();
    await expect(laptop.getByRole('switch', { name: 'Global memory' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await settings.close();

    await laptop.context().close();
    await phone.context().close();
  });
});
