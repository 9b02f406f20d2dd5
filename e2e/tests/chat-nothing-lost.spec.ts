import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { RawParleyDatabase } from '../pages/data-raw-idb';

type StoredChat = {
  chatTitle: string;
  messages: { role: string; content: unknown; finish?: string | null }[];
};

test.describe('Nothing is lost by a click or a reload', () => {
  // Two or three answers each, one of them streamed slowly on purpose.
  test.setTimeout(90_000);

  test('deleting a message (and what follows it) offers Undo, which brings it all back in place', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('First question [[sim:reply First answer.]]');
    await expect(chat.lastAnswer()).toContainText('First answer.');
    await chat.send('Second question [[sim:reply Second answer.]]');
    await expect(chat.lastAnswer()).toContainText('Second answer.');

    await chat.deleteMessage(chat.answers.first());
    await expect(chat.answers).toHaveCount(0);
    await expect(chat.userMessages).toHaveText(['First question [[sim:reply First answer.]]']);
    const toast = page.getByRole('status').filter({ hasText: 'Message deleted' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(toast).toBeHidden();
    await expect(chat.answers).toHaveCount(2);
    await expect(chat.answers.first()).toContainText('First answer.');

    // Deleted for good when not undone, across a reload too.
    await chat.deleteMessage(chat.userMessages.last());
    await expect(chat.userMessages).toHaveText(['First question [[sim:reply First answer.]]']);
    await page.reload();
    await expect(chat.answers).toHaveText([/First answer\./]);
    await expect(chat.userMessages).toHaveText(['First question [[sim:reply First answer.]]']);
  });

  test('a reload mid-answer: the answer says it was interrupted and offers Continue; the draft is kept', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    const db = new RawParleyDatabase(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    const question = 'Tell me a long story [[sim:slow 5]] [[sim:long 200]]';
    await chat.send(question);
    // Words of the answer's text (its header has words too).
    await expect(chat.lastAnswer().locator('.md-body')).toContainText(/\w+ \w+ \w+/, { timeout: 10_000 });
    // The answer is saved part-way while it streams (every 2 s, less often when saving is slow).
    await expect
      .poll(
        async () => {
          // The example chats are stored too: this one is the chat with the question.
          const stored = (await db.chats<StoredChat>()).find((row) =>
            row.messages.some((message) => message.content === question),
          );
          const answer = stored?.messages.find((message) => message.role === 'assistant');
          return answer && String(answer.content).length > 0 ? answer.finish : null;
        },
        { timeout: 30_000 },
      )
      .toBe('interrupted');
    await chat.composer.fill('My unsent follow-up');
    await page.reload();

    const answer = chat.lastAnswer();
    const note = answer.getByRole('note');
    // After a reload the message list's code loads again first.
    await expect(note).toContainText('This answer was interrupted', { timeout: 15_000 });
    await expect(chat.composer).toHaveValue('My unsent follow-up');
    // TT5: named after its question, not "Untitled Chat".
    await expect(chat.chatList.getByRole('button').filter({ hasText: 'Tell me a long story' })).toBeVisible();
    const cut = (await answer.locator('.md-body').innerText()).trim();

    await note.getByRole('button', { name: 'Continue' }).click();
    await expect(note).toBeHidden({ timeout: 15_000 });
    await expect(chat.sendButton).toBeVisible({ timeout: 15_000 });
    expect((await answer.locator('.md-body').innerText()).trim().length).toBeGreaterThan(cut.length);
    await expect(chat.answers).toHaveCount(1);

    // Sent, the draft is gone for good.
    await chat.composer.press('Enter');
    await expect(chat.userMessages).toHaveCount(2);
    await expect(chat.composer).toHaveValue('');
    // The reload waits for the sent message's save (a reload during it loses at most that save, WS6).
    await expect
      .poll(async () =>
        (await db.chats<StoredChat>()).some((row) =>
          row.messages.some(
            (message) => message.role === 'user' && message.content === 'My unsent follow-up',
          ),
        ),
      )
      .toBe(true);
    await page.reload();
    await expect(chat.userMessages).toHaveCount(2);
    await expect(chat.composer).toHaveValue('');
  });
});
