import { expect, type Locator, type Page } from '@playwright/test';

/** The organised sidebar: views, folders, chat rows and their menus, tag filter, Select mode. */
export class SidebarPage {
  readonly nav: Locator;
  readonly list: Locator;
  readonly view: Locator;
  readonly newFolderButton: Locator;
  readonly tagFilterButton: Locator;
  readonly selectButton: Locator;
  readonly scroller: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Sidebar' });
    this.list = this.nav.getByRole('list', { name: 'Chats' });
    this.view = this.nav.getByRole('combobox', { name: 'Show' });
    this.newFolderButton = this.nav.getByRole('button', { name: 'New folder' });
    this.tagFilterButton = this.nav.getByRole('button', { name: 'Filter by tag' });
    this.selectButton = this.nav.getByRole('button', { name: 'Select', exact: true });
    this.scroller = this.nav.getByTestId('sidebar-scroller');
  }

  chat(title: string): Locator {
    return this.list.getByRole('button', { name: title });
  }

  /** The list item of a chat (its row: the chat button and its menu). */
  row(title: string): Locator {
    return this.list.getByRole('listitem').filter({ has: this.page.getByRole('button', { name: title }) });
  }

  folder(title: string): Locator {
    return this.list.getByRole('button', { name: new RegExp(`^${title}, \\d+ chats$`) });
  }

  async chatMenu(title: string, item: string) {
    await this.row(title).getByRole('button', { name: 'Chat actions' }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  async folderMenu(title: string, item: string) {
    await this.list.getByRole('button', { name: `Actions for folder ${title}` }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  async createFolder(title: string) {
    await this.newFolderButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(this.folder(title)).toBeVisible();
  }

  async addTag(chatTitle: string, tag: string) {
    await this.chatMenu(chatTitle, 'Tags…');
    const dialog = this.page.getByRole('dialog', { name: 'Tags' });
    await dialog.getByRole('combobox', { name: 'Add a tag' }).fill(tag);
    await dialog.getByRole('combobox', { name: 'Add a tag' }).press('Enter');
    await expect(dialog.getByRole('button', { name: `Remove tag ${tag}` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
  }

  async showView(view: 'Chats' | 'Archived' | 'Recently Deleted') {
    await this.view.selectOption({ label: view });
  }

  /** The list is virtualised: rows scrolled out of view are not in the page. */
  async scrollToTop() {
    await this.scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}
