import { expect, type Locator, type Page } from '@playwright/test';

/** Projects: the sidebar's rows and toolbar button, the project page and its dialogs (decision 0104). */
export class ProjectsPage {
  readonly nav: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Sidebar' });
    this.list = this.nav.getByRole('list', { name: 'Chats' });
  }

  /** The sidebar button that opens the project's page. */
  row(name: string): Locator {
    return this.list.getByRole('button', { name: `Open project ${name}` });
  }

  /** The chevron that shows the project's chats in the sidebar; its name carries the count. */
  toggle(name: string): Locator {
    return this.list.getByRole('button', {
      name: new RegExp(`^Show or hide the chats of ${name} \\(\\d+\\)$`),
    });
  }

  projectPage(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  async create(name: string): Promise<Locator> {
    await this.nav.getByRole('button', { name: 'New project' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const projectPage = this.projectPage(name);
    await expect(projectPage).toBeVisible();
    return projectPage;
  }

  /** Moves a chat through its row menu's "Move to project…" (the keyboard path for dragging). */
  async moveChat(chatTitle: string, project: string | null) {
    const row = this.list
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('button', { name: chatTitle }) });
    await row.getByRole('button', { name: 'Chat actions' }).click();
    await this.page.getByRole('menuitem', { name: 'Move to project…' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Move to project' });
    await dialog.getByRole('button', { name: project ?? 'No project', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}
