import { expect, type Locator, type Page } from '@playwright/test';
import { PluginsScreen } from './plugins-screen';

export interface ServerToAdd {
  url: string;
  name: string;
  auth?: 'None' | 'Headers' | 'OAuth (sign in)';
  headers?: { name: string; value: string }[];
}

/** The MCP servers section of the Plugins screen. */
export class McpServersSection {
  readonly plugins: PluginsScreen;
  readonly section: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.plugins = new PluginsScreen(page);
    this.section = this.plugins.dialog.getByRole('region', { name: 'MCP servers' });
    this.list = this.section.getByRole('list', { name: 'MCP servers' });
  }

  async open() {
    await this.plugins.open();
    // The screen is its own chunk, loaded when first opened.
    await expect(this.section).toBeVisible({ timeout: 20_000 });
  }

  row(name: string): Locator {
    return this.list.getByRole('listitem', { name, exact: true });
  }

  async add(server: ServerToAdd) {
    await this.section.getByRole('button', { name: 'Add server' }).first().click();
    const form = this.section.getByRole('form', { name: 'Add an MCP server' });
    await form.getByLabel('Server address').fill(server.url);
    await form.getByLabel('Name (optional)').fill(server.name);
    if (server.auth) await form.getByLabel('Sign-in').selectOption({ label: server.auth });
    for (const [index, header] of (server.headers ?? []).entries()) {
      await form.getByLabel(`Header ${index + 1} name`).fill(header.name);
      await form.getByLabel(`Header ${index + 1} value`).fill(header.value);
    }
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect(form).toBeHidden();
    await expect(this.row(server.name)).toBeVisible();
  }

  status(name: string): Locator {
    return this.row(name).getByRole('status');
  }

  problem(name: string): Locator {
    return this.row(name).getByRole('alert');
  }

  tools(name: string): Locator {
    return this.row(name)
      .getByRole('list', { name: `Tools of ${name}` })
      .getByRole('listitem');
  }
}
