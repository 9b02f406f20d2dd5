import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, openAiMessages, uniqueKey } from '../pages/chat-sim-log';
import { ProjectsPage } from '../pages/projects-page';
import { libraryChats, seedLibrary } from '../pages/sidebar-library';

const INSTRUCTIONS = 'Always answer in three short lines.';

test.describe('Projects', () => {
  test('a project with instructions and a default model: its new chat sends both; chats move in and out; it survives a reload', async ({
    page,
  }) => {
    const key = uniqueKey();
    const chat = new ChatPage(page);
    const projects = new ProjectsPage(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    // A chat outside any project, to move in and out later, seeded straight into the store.
    const [loose] = libraryChats(1);
    await seedLibrary(page, [{ ...loose!, title: 'Loose answer' }]);
    await expect(chat.chatInList(/^Loose answer/)).toBeVisible();

    // Create the project; its page opens: instructions and a default model, saved.
    const projectPage = await projects.create('Thesis');
    await projectPage.getByRole('textbox', { name: 'Instructions' }).fill(INSTRUCTIONS);
    await projectPage.getByRole('combobox', { name: 'Default model' }).selectOption('gpt-4o-mini');
    await projectPage.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Project saved')).toBeVisible();

    // New chat in the project: it starts with the project's model, and the request holds the instructions.
    await projectPage.getByRole('button', { name: 'New chat', exact: true }).click();
    await expect(projectPage).toBeHidden();
    await expect(chat.modelPicker).toHaveText('GPT-4o mini');
    await chat.send('Where do I start? [[sim:reply With the outline.]]');
    await expect(chat.lastAnswer()).toContainText('With the outline.');
    const sent = (await answerRequestsWithKey(key)).at(-1);
    expect((sent?.body as { model?: string }).model).toBe('gpt-4o-mini');
    const system = openAiMessages(sent).find((message) => message.role === 'system');
    expect(system?.content).toContain(`## Instructions for the project "Thesis"\n${INSTRUCTIONS}`);
    await expect(projects.toggle('Thesis')).toHaveAccessibleName(/\(1\)$/);

    // Move the loose chat in (the row menu is the keyboard path for dragging), then out again.
    await projects.moveChat('Loose answer', 'Thesis');
    await expect(projects.toggle('Thesis')).toHaveAccessibleName(/\(2\)$/);
    await expect(chat.chatInList(/^Loose answer/)).toBeHidden();
    await projects.toggle('Thesis').click();
    await expect(chat.chatInList(/^Loose answer/)).toBeVisible();
    await projects.moveChat('Loose answer', null);
    await expect(projects.toggle('Thesis')).toHaveAccessibleName(/\(1\)$/);

    // After a reload the project, its settings and its chat are still there.
    await page.reload();
    await projects.row('Thesis').click();
    await expect(projectPage.getByRole('textbox', { name: 'Instructions' })).toHaveValue(INSTRUCTIONS);
    await expect(projectPage.getByRole('combobox', { name: 'Default model' })).toHaveValue('gpt-4o-mini');
    await expect(projectPage.getByRole('button', { name: /^With the outline/ })).toBeVisible();
  });
});
