import { expect, test } from '@playwright/test';
import { activateLicense, AttachFiles } from '../pages/attach-files';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, openAiMessages, uniqueKey } from '../pages/chat-sim-log';
import { docxFile, pdfFile, textFile, xlsxFile } from '../pages/document-fixtures';

declare global {
  interface Window {
    htmlScriptRan?: boolean;
  }
}

test.describe('Documents in a message', () => {
  test('each document type is read in the browser and reaches the model as a named text part', async ({
    page,
    request,
  }) => {
    test.slow(); // the license CLI starts a Node process
    const key = uniqueKey();
    const chat = new ChatPage(page);
    const files = new AttachFiles(page);
    await chat.seedKeys({ openai: key });
    await activateLicense(page, request);

    await files.choose([
      await pdfFile('report.pdf', [
        'First page: revenue grew 12%',
        'Second page: costs fell 3%',
        'Third page: outlook',
      ]),
      await docxFile('letter.docx', ['Dear Ada,', 'The meeting moves to Thursday.']),
      await xlsxFile('budget.xlsx', {
        Income: [
          ['Month', 'Amount'],
          ['January', 1200],
        ],
        Costs: [
          ['Item', 'Cost'],
          ['Rent, office', 800],
        ],
      }),
      textFile('people.csv', 'name,quote\n"Zoë","She said ""hi"", then left"\nRenée,café\n', 'text/csv'),
      textFile(
        'page.html',
        '<html><head><title>Trip plan</title><style>body{color:red}</style></head><body><h1>Lisbon</h1><p>Day one: tram 28.</p><script>window.htmlScriptRan = true; document.title = "hacked";</script></body></html>',
        'text/html',
      ),
      textFile('notes.md', '# Notes\n\n- pack the charger\n'),
      textFile('data.json', '{"city":"Porto","days":3}', 'application/json'),
      textFile('todo.txt', 'Buy stamps'),
    ]);
    for (const name of [
      'report.pdf',
      'letter.docx',
      'budget.xlsx',
      'people.csv',
      'page.html',
      'notes.md',
      'data.json',
      'todo.txt',
    ]) {
      await expect(files.chip(name)).toBeVisible({ timeout: 30_000 });
    }
    // The chip opens the text as it will be sent.
    await files.chip('budget.xlsx').click();
    const preview = page.getByRole('dialog', { name: 'budget.xlsx' });
    await expect(preview).toContainText('## Sheet: Costs');
    await page.keyboard.press('Escape');

    await chat.send('Summarise these files');
    await expect(chat.lastAnswer()).toContainText('Echo:');
    // The sent message shows its files as chips.
    await expect(chat.userMessages.last().getByRole('button', { name: 'Open report.pdf' })).toBeVisible();
    await expect(files.tray).toHaveCount(0);

    const [sent] = await answerRequestsWithKey(key);
    const user = openAiMessages(sent).at(-1);
    // OpenAI without images: one text, each file headed by its name (PR4), the question last.
    const content = user?.content as string;
    const text = (name: string) =>
      content.split('\n\nFile: ').find((part) => part.replace(/^File: /, '').startsWith(`${name}\n`)) ?? '';
    expect(content.endsWith('\n\nSummarise these files')).toBe(true);
    expect(text('report.pdf')).toContain('[Page 1]\nFirst page: revenue grew 12%');
    expect(text('report.pdf')).toContain('[Page 3]\nThird page: outlook');
    expect(text('letter.docx')).toContain('The meeting moves to Thursday.');
    expect(text('budget.xlsx')).toContain('## Sheet: Income\nMonth,Amount\nJanuary,1200');
    expect(text('budget.xlsx')).toContain('## Sheet: Costs\nItem,Cost\n"Rent, office",800');
    expect(text('people.csv')).toContain('Zoë,"She said ""hi"", then left"\nRenée,café');
    expect(text('page.html')).toContain('Lisbon');
    expect(text('page.html')).toContain('Day one: tram 28.');
    expect(text('page.html')).not.toContain('htmlScriptRan');
    expect(text('page.html')).not.toContain('color:red');
    expect(text('notes.md')).toContain('- pack the charger');
    expect(text('data.json')).toContain('"city":"Porto"');
    expect(text('todo.txt')).toContain('Buy stamps');
    // The page's script never ran.
    expect(await page.evaluate(() => window.htmlScriptRan)).toBeUndefined();
    await expect(page).not.toHaveTitle('hacked');
  });
});
