import { expect, type Locator, type Page } from '@playwright/test';
import { SIM_URL } from '../support/env';
import { modelOption } from './model-option';

export type ProviderKeys = Partial<Record<'openai' | 'anthropic' | 'gemini' | 'openrouter', string>>;

/** The provider simulator's base URLs, as the API keys screen would store them. */
export const SIM_ENDPOINTS = {
  openai: `${SIM_URL}/v1`,
  anthropic: `${SIM_URL}/v1`,
  gemini: `${SIM_URL}/v1beta`,
  openrouter: `${SIM_URL}/api/v1`,
} as const;

/**
 * The chat screen: the open chat's messages, the chat actions, the composer, the model picker and
 * the sidebar's chat list.
 */
export class ChatPage {
  readonly main: Locator;
  readonly composer: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly messages: Locator;
  readonly userMessages: Locator;
  readonly answers: Locator;
  readonly actions: Locator;
  readonly modelPicker: Locator;
  readonly chatList: Locator;
  readonly jumpToLatest: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.composer = this.main.getByRole('textbox', { name: 'Message' });
    this.sendButton = this.main.getByRole('button', { name: 'Send' });
    this.stopButton = this.main.getByRole('button', { name: 'Stop' });
    this.messages = this.main.getByRole('region', { name: 'Messages' });
    this.userMessages = this.messages.getByRole('article', { name: 'You' });
    this.answers = this.messages.getByRole('article', { name: 'Assistant' });
    this.actions = this.main.getByRole('toolbar', { name: 'Chat actions' });
    this.modelPicker = page.getByRole('banner').getByRole('combobox', { name: 'Model' });
    this.chatList = page.getByRole('navigation', { name: 'Sidebar' }).getByRole('list', { name: 'Chats' });
    this.jumpToLatest = this.main.getByRole('button', { name: 'Jump to latest' });
  }

  /**
   * Stores provider keys (and the simulator endpoints) where the API keys screen keeps them, before
   * the app starts; later reloads keep whatever the app has stored since.
   */
  async seedKeys(keys: ProviderKeys) {
    await this.page.addInitScript(
      ({ plainKeys, endpoints }) => {
        if (localStorage.getItem('TM_keyVault') === null) {
          localStorage.setItem('TM_keyVault', JSON.stringify({ version: 1, endpoints, plainKeys }));
        }
      },
      { plainKeys: keys, endpoints: SIM_ENDPOINTS },
    );
  }

  async open() {
    await this.page.goto('/');
    await expect(this.composer).toBeVisible();
  }

  async send(text: string) {
    await this.composer.fill(text);
    await this.composer.press('Enter');
  }

  lastAnswer(): Locator {
    return this.answers.last();
  }

  /** A chat action (Regenerate, Clear Context, New Chat...), or one in the More menu. */
  async chatAction(name: string) {
    const button = this.actions.getByRole('button', { name, exact: true });
    if (!(await button.isVisible()))
      await this.actions.getByRole('button', { name: 'More chat actions' }).click();
    await button.click();
  }

  /** A message's own action (Edit, Copy, Pin, Delete, Show Raw, Fork Chat). */
  async messageAction(message: Locator, name: string) {
    await message.hover();
    await message
      .getByRole('toolbar', { name: 'Message actions' })
      .getByRole('button', { name, exact: true })
      .click();
  }

  /** ED5: Delete on a message, confirmed in the dialog that says how much goes. */
  async deleteMessage(message: Locator) {
    await this.messageAction(message, 'Delete');
    const confirm = this.page.getByRole('alertdialog', { name: 'Delete this message?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
  }

  /** BR8: the `‹ 2 / 3 ›` switcher of a message with versions. */
  versions(message: Locator): Locator {
    return message.getByRole('group', { name: /^Version \d+ of \d+$/ });
  }

  async switchVersion(message: Locator, direction: 'Previous version' | 'Next version') {
    await message.hover();
    await this.versions(message).getByRole('button', { name: direction }).click();
  }

  async chooseModel(title: string) {
    await this.modelPicker.click();
    // The list is virtual: searching brings the model into view.
    await this.page.getByRole('searchbox', { name: 'Search models' }).fill(title);
    await modelOption(this.page.getByRole('listbox', { name: 'Models' }), title).click();
    await expect(this.modelPicker).toHaveText(title);
  }

  chatInList(title: string | RegExp): Locator {
    return this.chatList.getByRole('button', { name: title });
  }
}
