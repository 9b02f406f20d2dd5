import { expect, type Locator, type Page } from '@playwright/test';

export type AgentInput = {
  name: string;
  description?: string;
  instruction: string;
  welcome?: string;
  examples?: { user: string; assistant: string }[];
  endpoint?: { name: string; url: string; headers?: { key: string; value: string }[] };
  /** Chooses the first model whose id starts with this (the catalogue changes with the providers). */
  modelIdPrefix?: string;
  lockModel?: boolean;
  pin?: boolean;
};

/** The AI agents screen: list, search, the editor, starting a chat. */
export class AgentsScreen {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'AI agents' });
  }

  async open() {
    await this.page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('button', { name: 'AI agents' })
      .click();
    await expect(this.dialog).toBeVisible();
  }

  card(title: string): Locator {
    return this.dialog.getByRole('listitem').filter({ has: this.page.getByText(title, { exact: true }) });
  }

  async create(agent: AgentInput) {
    await this.dialog.getByRole('button', { name: 'New agent' }).click();
    const form = this.dialog;
    await form.getByLabel('Name', { exact: true }).fill(agent.name);
    if (agent.description) await form.getByLabel('Description').fill(agent.description);
    await form.getByLabel('Instruction').fill(agent.instruction);
    if (agent.welcome) await form.getByLabel('Welcome message (optional)').fill(agent.welcome);
    for (const [index, example] of (agent.examples ?? []).entries()) {
      await form.getByRole('button', { name: 'Add example' }).click();
      await form.getByLabel(`Example ${index + 1}: user`).fill(example.user);
      await form.getByLabel(`Example ${index + 1}: assistant`).fill(example.assistant);
    }
    if (agent.endpoint) {
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const endpoint = form.getByRole('group', { name: 'Endpoint 1' });
      await endpoint.getByLabel('Name').fill(agent.endpoint.name);
      await endpoint.getByLabel('URL').fill(agent.endpoint.url);
      for (const [index, row] of (agent.endpoint.headers ?? []).entries()) {
        await endpoint.getByRole('button', { name: 'Add to Headers' }).click();
        await endpoint.getByLabel(`Headers row ${index + 1}: name`).fill(row.key);
        await endpoint.getByLabel(`Headers row ${index + 1}: value`).fill(row.value);
      }
    }
    if (agent.modelIdPrefix) {
      const select = form.getByLabel('Model', { exact: true });
      const value = await select.evaluate(
        (element, prefix) =>
          [...(element as HTMLSelectElement).options].find((option) => option.value.startsWith(prefix))
            ?.value ?? '',
        agent.modelIdPrefix,
      );
      expect(value).not.toBe('');
      await select.selectOption(value);
    }
    if (agent.lockModel) await form.getByRole('switch', { name: 'Lock the model' }).click();
    if (agent.pin) await form.getByRole('switch', { name: 'Pin on the main page' }).click();
    await form.getByRole('button', { name: 'Save agent' }).click();
    await expect(this.card(agent.name)).toBeVisible();
  }
}
