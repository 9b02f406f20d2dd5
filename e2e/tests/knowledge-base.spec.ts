import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, openAiMessages, simRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { docxFile, pdfFile } from '../pages/document-fixtures';
import { KnowledgePanel } from '../pages/knowledge-panel';
import { openSettings } from '../pages/open-settings';
import { CloudSyncSettings, uniqueEmail } from '../pages/sync-settings';

const FERRY = 'The ferry to Ilha Verde leaves pier four at 7:40 every morning.';

test.describe('Knowledge base', () => {
  test('a folder is indexed on the device, a corrupt PDF named; an answer gets the passage and cites it', async ({
    page,
  }) => {
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });

    // A folder of ten: nine documents of every kind, one PDF that is not a PDF.
    const folder = test.info().outputPath('trip-notes');
    mkdirSync(path.join(folder, 'ports'), { recursive: true });
    const write = (name: string, content: string | Buffer) => writeFileSync(path.join(folder, name), content);
    write(
      'ports/ferry.md',
      `# Island trip\n\n## Ferry\n\n${FERRY}\n\n## Food\n\nBring sandwiches for the crossing.`,
    );
    write('budget.csv', 'item,euros\nhotel,420\nferry,36\n');
    write('garden.txt', 'Tomatoes need water every morning in summer.');
    write(
      'museum.html',
      '<html><body><h1>Museum</h1><p>The museum opens at ten.</p><script>parent.hacked=1</script></body></html>',
    );
    write('packing.json', '{"pack":["charger","sun hat"]}');
    write('weather.md', '# Weather\n\nJuly is dry and windy on the island.');
    write('contacts.txt', 'The harbour office answers on 555-0101.');
    write(
      'letter.docx',
      (await docxFile('letter.docx', ['Dear Ada,', 'The hotel keeps our room until noon.'])).buffer,
    );
    write('maps.pdf', (await pdfFile('maps.pdf', ['The lighthouse trail is six kilometres long.'])).buffer);
    write('broken.pdf', '%PDF-1.7 this is not really a PDF');

    await page.goto('/');
    const settings = await openSettings(page);
    await settings.showSection('Knowledge');
    const panel = new KnowledgePanel(page);
    await expect(panel.root).toContainText('text-embedding-3-small');
    await panel.addFolder(folder);
    await panel.waitIndexed(9);
    await expect(panel.failures).toContainText('broken.pdf');
    await expect(panel.document('ferry.md')).toContainText('ports/');
    // The passages went to the embedding endpoint with the user's key, in one batch per document.
    const embeddings = (await simRequestsWithKey(key)).filter((request) => request.path === '/v1/embeddings');
    expect(embeddings.length).toBe(9);
    expect(JSON.stringify(embeddings.map((request) => request.body))).toContain(FERRY);
    await settings.close();

    await chat.send('When does the ferry to Ilha Verde leave? [[sim:reply It leaves at 7:40 [1].]]');
    await expect(chat.lastAnswer()).toContainText('It leaves at 7:40');
    const [sent] = await answerRequestsWithKey(key);
    const system = openAiMessages(sent).find((message) => message.role === 'system');
    expect(system?.content).toContain("## Passages from the user's documents");
    expect(system?.content).toContain(`[1] ferry.md › Island trip › Ferry\n${FERRY}`);

    // The citation under the answer opens the document at the passage, as text.
    const sources = chat.lastAnswer().getByRole('navigation', { name: 'Sources' });
    await sources.getByRole('button', { name: /\[1\] ferry\.md/ }).click();
    const viewer = page.getByRole('dialog', { name: 'ferry.md' });
    await expect(viewer.getByLabel('Cited passage')).toHaveText(FERRY);
    await expect(viewer).toContainText('Bring sandwiches');
  });

  test('a document added on the laptop is indexed on the phone with its own key and cited in the text there', async ({
    browser,
  }) => {
    // Two devices sign up, index and sync: 12-17 s on a busy machine, more than the default 30 s allows under load.
    test.setTimeout(60_000);
    // Two devices of one new user, each with its own OpenAI key (the phone embeds with its own).
    const email = uniqueEmail('knowledge');
    const laptopKey = uniqueKey();
    const phoneKey = uniqueKey();
    const laptop = await device(browser, laptopKey);
    const laptopSync = new CloudSyncSettings(laptop);
    await laptopSync.signUp(email);

    const folder = test.info().outputPath('synced-notes');
    mkdirSync(folder, { recursive: true });
    const ferry = path.join(folder, 'ferry.md');
    writeFileSync(ferry, `# Island trip\n\n## Ferry\n\n${FERRY}`);
    await laptopSync.settings.showSection('Knowledge');
    const laptopPanel = new KnowledgePanel(laptop);
    await laptopPanel.addFiles([ferry]);
    await laptopPanel.waitIndexed(1);
    // Attachment sync is off (its default): a knowledge document's bytes go up all the same.
    const uploads: string[] = [];
    laptop.on('request', (sent) => {
      if (sent.method() === 'PUT' && new URL(sent.url()).pathname.startsWith('/api/blobs/'))
        uploads.push(sent.url());
    });
    await laptopSync.syncNowAndExpectSynced();
    expect(uploads).toHaveLength(1);

    // The phone signs in: the records arrive, the bytes are fetched and indexed there.
    const phone = await device(browser, phoneKey);
    const phoneSync = new CloudSyncSettings(phone);
    await phoneSync.signIn(email);
    await phoneSync.settings.showSection('Knowledge');
    const phonePanel = new KnowledgePanel(phone);
    await expect(phonePanel.document('ferry.md')).toContainText('by meaning', { timeout: 30_000 });
    await expect(phonePanel.progress).toHaveCount(0);
    // Vectors are not synced: the phone asked for them with its own key.
    const embedded = (await simRequestsWithKey(phoneKey)).filter(
      (request) => request.path === '/v1/embeddings',
    );
    expect(JSON.stringify(embedded.map((request) => request.body))).toContain(FERRY);
    await phoneSync.close();

    // A question on the phone gets the passage; the [1] in the answer's text opens it.
    const phoneChat = new ChatPage(phone);
    await phoneChat.send('When does the ferry to Ilha Verde leave? [[sim:reply It leaves at 7:40 [1].]]');
    await expect(phoneChat.lastAnswer()).toContainText('It leaves at 7:40 [1].');
    const [sent] = await answerRequestsWithKey(phoneKey);
    const system = openAiMessages(sent).find((message) => message.role === 'system');
    expect(system?.content).toContain(`[1] ferry.md › Island trip › Ferry\n${FERRY}`);
    await expect(
      phoneChat.lastAnswer().getByRole('navigation', { name: 'Sources' }).getByRole('button'),
    ).toHaveText([/^\[1\]\s*ferry\.md › Island trip › Ferry$/]);
    const inline = phoneChat
      .lastAnswer()
      .getByRole('button', { name: 'Source 1: ferry.md › Island trip › Ferry' });
    await expect(inline).toHaveText('[1]');
    // From the keyboard, like any button.
    await inline.focus();
    await phone.keyboard.press('Enter');
    const viewer = phone.getByRole('dialog', { name: 'ferry.md' });
    await expect(viewer.getByLabel('Cited passage')).toHaveText(FERRY);

    await laptop.context().close();
    await phone.context().close();
  });
});

/** A browser profile of its own (another device of the same user), with an OpenAI key, opened. */
async function device(browser: Browser, key: string) {
  const page = await (await browser.newContext()).newPage();
  await new ChatPage(page).seedKeys({ openai: key });
  await page.goto('/');
  return page;
}
