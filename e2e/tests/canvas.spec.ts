import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { PluginsScreen } from '../pages/plugins-screen';
import { openAiMessages, simRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { docsScreenshot, keepScreenshot } from '../support/screenshots';

/** A page whose scripts try to reach the app; it lists what each attempt got. */
const PROBE = [
  '<!doctype html><html><head><title>Probe page</title></head><body><h1>Probe</h1><ul id="seen"></ul><script>',
  'const seen = document.getElementById("seen");',
  'const attempt = (name, read) => { let text; try { text = name + ": reached " + String(read()); } catch (error) { text = name + ": blocked " + (error && error.name); } const item = document.createElement("li"); item.textContent = text; seen.appendChild(item); };',
  'attempt("parent", () => parent.document.title);',
  'attempt("cookie", () => document.cookie);',
  'attempt("storage", () => { localStorage.setItem("canvas-was-here", "1"); return localStorage.length; });',
  'attempt("indexedDB", () => indexedDB.open("parley"));',
  'attempt("top", () => { top.location.href = "about:blank#taken"; return "asked"; });',
  '</script></body></html>',
].join('\n');

test.describe('Canvas', () => {
  test('an HTML answer opens in the canvas beside the chat, its scripts reach nothing of the app; a rewrite, or an update_canvas call, is version 2 with its changes', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    const appUrl = page.url();
    const appTitle = await page.title();

    await chat.send(`A page please [[sim:reply Here it is:\n\n\`\`\`html\n${PROBE}\n\`\`\`\n]]`);
    const block = chat.lastAnswer().locator('figure').filter({ hasText: 'Probe page' });
    // The page is never drawn in the app's own DOM.
    await expect(chat.lastAnswer().locator('h1', { hasText: 'Probe' })).toHaveCount(0);
    await expect(chat.lastAnswer()).toContainText('Here it is:');
    await block.getByRole('button', { name: 'Open in canvas' }).click();

    const canvas = page.getByRole('complementary', { name: 'Canvas: Probe page' });
    await expect(canvas).toBeVisible();
    const frame = canvas.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    const preview = page.frameLocator('iframe[title="Canvas preview"]');
    await expect(preview.getByRole('heading', { name: 'Probe' })).toBeVisible();
    const seen = preview.getByRole('listitem');
    await expect(seen).toHaveCount(5);
    await expect(seen.filter({ hasText: 'parent:' })).toContainText('parent: blocked SecurityError');
    await expect(seen.filter({ hasText: 'cookie:' })).toContainText('cookie: blocked SecurityError');
    await expect(seen.filter({ hasText: 'storage:' })).toContainText('storage: blocked SecurityError');
    await expect(seen.filter({ hasText: 'indexedDB:' })).toContainText('indexedDB: blocked SecurityError');
    // From the app's side: still on its page, same title, nothing written to its storage; the chat goes on.
    expect(page.url()).toBe(appUrl);
    expect(await page.title()).toBe(appTitle);
    expect(await page.evaluate(() => localStorage.getItem('canvas-was-here'))).toBeNull();

    // Source, full screen and close.
    await canvas.getByRole('button', { name: 'Source' }).click();
    await expect(canvas.getByLabel('Source', { exact: true })).toContainText('<title>Probe page</title>');
    await canvas.getByRole('button', { name: 'Full screen' }).click();
    await expect(canvas.getByRole('button', { name: 'Beside the chat' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await canvas.getByRole('button', { name: 'Close the canvas' }).click();
    await expect(canvas).toBeHidden();
    await chat.send('Still here?');
    await expect(chat.lastAnswer()).toContainText('Echo: Still here?');

    // A later answer that rewrites the page (same title) is its version 2, shown as it arrives.
    const notes = (line: string) => `<!doctype html>\n<title>Notes</title>\n<h1>Notes</h1>\n<p>${line}</p>`;
    await chat.send(`Notes [[sim:reply First:\n\n\`\`\`html\n${notes('Buy milk')}\n\`\`\`\n]]`);
    await chat
      .lastAnswer()
      .locator('figure')
      .filter({ hasText: 'Buy milk' })
      .getByRole('button', { name: 'Open in canvas' })
      .click();
    const notesCanvas = page.getByRole('complementary', { name: 'Canvas: Notes' });
    await expect(preview.getByText('Buy milk')).toBeVisible();
    await expect(notesCanvas.getByRole('group', { name: 'Versions' })).toHaveCount(0);
    await chat.send(`Change it [[sim:reply Updated:\n\n\`\`\`html\n${notes('Buy oat milk')}\n\`\`\`\n]]`);
    const versions = notesCanvas.getByRole('group', { name: 'Versions' });
    await expect(versions).toContainText('2 / 2');
    await expect(preview.getByText('Buy oat milk')).toBeVisible();
    await docsScreenshot(page, 'canvas-wide-light');
    await page.setViewportSize({ width: 390, height: 844 });
    await docsScreenshot(page, 'canvas-phone-light');
    await notesCanvas.getByRole('button', { name: 'Changes' }).click();
    const changes = notesCanvas.getByLabel('Changes from the previous version');
    await expect(changes).toContainText('- <p>Buy milk</p>');
    await expect(changes).toContainText('+ <p>Buy oat milk</p>');
    await versions.getByRole('button', { name: 'Previous version' }).click();
    await expect(versions).toContainText('1 / 2');
    await expect(notesCanvas.getByRole('button', { name: 'Changes' })).toHaveCount(0);

    // The canvas tools, once switched on: the model opens a page, then rewrites it in place.
    await page.setViewportSize({ width: 1400, height: 900 });
    await notesCanvas.getByRole('button', { name: 'Close the canvas' }).click();
    const plugins = new PluginsScreen(page);
    await plugins.open();
    await plugins.dialog.getByRole('switch', { name: 'Use Canvas' }).click();
    await expect(plugins.dialog.getByRole('switch', { name: 'Use Canvas' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await keepScreenshot(page, 'plugins-builtin-tools');
    await plugins.close();
    const report = (total: string) => ({
      id: 'report',
      kind: 'html',
      title: 'Report',
      content: `<title>Report</title><h1>Report</h1><p>Total: ${total}</p>`,
    });
    await chat.send(`Write it [[sim:tool create_canvas ${JSON.stringify(report('10'))}]]`);
    const reportCanvas = page.getByRole('complementary', { name: 'Canvas: Report' });
    await expect(preview.getByText('Total: 10')).toBeVisible();
    await expect(chat.lastAnswer()).toContainText('Tool result received: Opened canvas "Report"');
    await chat.send(`Fix it [[sim:tool update_canvas ${JSON.stringify(report('12'))}]]`);
    await expect(reportCanvas.getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
    await expect(preview.getByText('Total: 12')).toBeVisible();
    const download = page.waitForEvent('download');
    await reportCanvas.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('Report.html');
    await reportCanvas.getByRole('button', { name: 'Changes' }).click();
    await expect(reportCanvas.getByLabel('Changes from the previous version')).toContainText(
      '+ <title>Report</title><h1>Report</h1><p>Total: 12</p>',
    );
    await reportCanvas.getByRole('button', { name: 'Close the canvas' }).click();

    // An SVG's script and a Mermaid diagram (decision 0129) both run only in the sandbox frame:
    // the SVG's script reaches nothing of the app; Mermaid draws there, never in the app's page.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="40"><text id="t" x="4" y="24">waiting</text>' +
      '<script>var t=document.getElementById("t");try{t.textContent="reached "+parent.document.title}catch(e){t.textContent="svg parent: blocked "+e.name}</script></svg>';
    const diagram =
      '---\ntitle: Launch plan\n---\nflowchart LR\n  A[Plan] --> B["<img src=x onerror=parent.x=1>Ship"]';
    await chat.send(
      `Draw [[sim:reply Picture:\n\n\`\`\`svg\n${svg}\n\`\`\`\n\nFlow:\n\n\`\`\`mermaid\n${diagram}\n\`\`\`\n]]`,
    );
    const figures = chat.lastAnswer().locator('figure');
    await figures.filter({ hasText: '<svg' }).getByRole('button', { name: 'Open in canvas' }).click();
    await expect(preview.getByText('svg parent: blocked SecurityError')).toBeVisible();
    await page
      .getByRole('complementary', { name: 'Canvas: SVG' })
      .getByRole('button', { name: 'Close the canvas' })
      .click();
    await figures.filter({ hasText: 'flowchart' }).getByRole('button', { name: 'Open in canvas' }).click();
    const flow = page.getByRole('complementary', { name: 'Canvas: Launch plan' });
    await expect(preview.locator('#diagram svg').getByText('Plan', { exact: true })).toBeVisible();
    await expect(preview.locator('#diagram svg')).toContainText('Ship');
    // strict: Mermaid sanitises the label's HTML, so its handler is gone.
    await expect(preview.locator('#diagram [onerror]')).toHaveCount(0);
    await expect(
      page.locator('svg[id^="parley-diagram"], svg[aria-roledescription="flowchart-v2"]'),
    ).toHaveCount(0);
    await docsScreenshot(page, 'canvas-mermaid-wide-light');
    const mmd = page.waitForEvent('download');
    await flow.getByRole('button', { name: 'Download' }).click();
    expect((await mmd).suggestedFilename()).toBe('Launch-plan.mmd');
  });
});

test.describe('Edit in canvas', () => {
  test('the user selects a passage and asks the model to change only that: the diff, Reject keeps the text, Accept is version 2; an edit by hand is version 3', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    const list = '# Shopping list\n\n- Buy milk\n- Buy bread\n- Call Anna';
    await chat.send(`A list [[sim:reply Here:\n\n\`\`\`markdown\n${list}\n\`\`\`\n]]`);
    await chat
      .lastAnswer()
      .locator('figure')
      .filter({ hasText: 'Buy milk' })
      .getByRole('button', { name: 'Open in canvas' })
      .click();
    const canvas = page.getByRole('complementary', { name: 'Canvas: Shopping list' });
    await canvas.getByRole('button', { name: 'Edit' }).click();
    const text = canvas.getByRole('textbox', { name: 'Document text' });
    await expect(text).toHaveValue(list);
    const askFor = async (passage: string, instruction: string) => {
      await text.evaluate((area: HTMLTextAreaElement, wanted) => {
        area.focus();
        const at = area.value.indexOf(wanted);
        area.setSelectionRange(at, at + wanted.length);
      }, passage);
      await canvas.getByRole('button', { name: 'Ask the model to change the selection' }).click();
      await canvas.getByRole('textbox', { name: 'What should change in the selection?' }).fill(instruction);
      if (passage === 'Buy milk') await keepScreenshot(page, 'canvas-edit-ask-wide-light');
      await canvas.getByRole('button', { name: 'Ask', exact: true }).click();
    };
    const proposal = canvas.getByLabel("The model's change to the selection");

    // The model gets the document with the passage marked, and its answer is shown as a diff.
    await askFor('Buy milk', 'oat milk [[sim:reply Buy oat milk]]');
    await expect(proposal).toContainText('- - Buy milk');
    await expect(proposal).toContainText('+ - Buy oat milk');
    await expect(proposal).toContainText('  - Buy bread');
    const asked = (await simRequestsWithKey(key)).at(-1);
    expect(JSON.stringify(openAiMessages(asked))).toContain(
      '- <selection>Buy milk</selection>\\n- Buy bread',
    );
    await docsScreenshot(page, 'canvas-edit-wide-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await keepScreenshot(page, 'canvas-edit-diff-wide-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'canvas-edit-diff-phone-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await keepScreenshot(page, 'canvas-edit-diff-phone-light');
    await page.setViewportSize({ width: 1400, height: 900 });

    // Reject: nothing changes.
    await canvas.getByRole('button', { name: 'Reject' }).click();
    await expect(text).toHaveValue(list);

    // Accept: the change is the next version, saved in the chat.
    await askFor('Call Anna', 'add a time [[sim:reply Call Anna at 6]]');
    await expect(proposal).toContainText('+ - Call Anna at 6');
    await canvas.getByRole('button', { name: 'Accept' }).click();
    const versions = canvas.getByRole('group', { name: 'Versions' });
    await expect(versions).toContainText('2 / 2');
    await expect(canvas.getByText('Call Anna at 6')).toBeVisible();
    await expect(canvas.getByText('Buy milk')).toBeVisible();
    await expect(chat.userMessages.last()).toContainText('Edited in the canvas: Shopping list');

    // By hand: the edited text is version 3, its changes against version 2.
    await canvas.getByRole('button', { name: 'Edit' }).click();
    await text.fill(`${list.replace('Call Anna', 'Call Anna at 6')}\n- Water the plants`);
    await canvas.getByRole('button', { name: 'Save as new version' }).click();
    await expect(versions).toContainText('3 / 3');
    await canvas.getByRole('button', { name: 'Changes' }).click();
    await expect(canvas.getByLabel('Changes from the previous version')).toContainText(
      '+ - Water the plants',
    );
  });
});
