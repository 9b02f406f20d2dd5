import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { PluginsScreen } from '../pages/plugins-screen';
import { ToolSteps } from '../pages/tool-steps';
import { docsScreenshot } from '../support/screenshots';

/** Python with the standard library only: prints, writes a PNG with zlib, and tries the app's data. */
const PYTHON = [
  'import zlib, struct, js',
  'def chunk(kind, data):',
  "    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)",
  'w, h = 40, 20',
  "raw = b''.join(b'\\x00' + bytes([220, 40, 40]) * w for _ in range(h))",
  "png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))",
  "png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')",
  "open('red.png', 'wb').write(png)",
  "print('squares', [n * n for n in range(5)])",
  'try:',
  "    js.indexedDB.open('parley')",
  "    print('indexedDB: opened')",
  'except Exception as error:',
  "    print('indexedDB: refused', type(error).__name__)",
  '6 * 7',
].join('\n');

const call = (args: Record<string, unknown>) => `[[sim:tool run_code ${JSON.stringify(args)}]]`;

test.describe('Code interpreter', () => {
  test('switched on in Plugins, run_code runs Python (output, PNG, no app data) and a JavaScript loop is stopped at its limit, Run under a code block', async ({
    page,
  }) => {
    test.slow();
    const key = uniqueKey();
    const chat = new ChatPage(page);
    const tools = new ToolSteps(page);
    const plugins = new PluginsScreen(page);
    await chat.seedKeys({ openai: key });
    await chat.open();

    // Off until the user turns it on: the first answer offers the model no run_code.
    await chat.send('Hello');
    await expect(chat.lastAnswer()).toContainText('Echo: Hello', { timeout: 15_000 });
    const offered = (await answerRequestsWithKey(key)).at(-1);
    expect(JSON.stringify(offered)).not.toContain('run_code');

    await plugins.open();
    const builtin = plugins.dialog.getByRole('list', { name: "Parley's tools" });
    await expect(plugins.dialog.getByText('they do not count toward the plugin limit')).toBeVisible();
    const toggle = builtin.getByRole('switch', { name: 'Use Code interpreter' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await plugins.close();

    await chat.send(`Draw ${call({ language: 'python', code: PYTHON })}`);
    // Pyodide loads (13 MB from our own build) and starts in the sandbox frame's worker.
    await expect(tools.step('run_code')).toBeVisible({ timeout: 60_000 });
    await expect(chat.lastAnswer()).toContainText('Tool result received', { timeout: 60_000 });
    await expect(chat.lastAnswer()).toContainText('squares [0, 1, 4, 9, 16]');
    await expect(chat.lastAnswer()).toContainText('result: 42');
    await expect(chat.lastAnswer()).toContainText('wrote file red.png (image/png');
    // The code ran in an opaque origin: the app's IndexedDB was out of reach.
    await expect(chat.lastAnswer()).toContainText('indexedDB: refused');
    const picture = tools.step('run_code').getByRole('img', { name: 'red.png' });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      40, 20,
    ]);
    await expect(tools.step('run_code')).toContainText('squares [0, 1, 4, 9, 16]');
    await picture.scrollIntoViewIfNeeded();
    await docsScreenshot(page, 'code-run');

    // A loop that never ends is stopped at the limit the call asked for; the chat goes on.
    await chat.send(`Spin ${call({ language: 'javascript', code: 'while (true) {}', timeout_seconds: 2 })}`);
    await expect(chat.lastAnswer()).toContainText(
      'Tool result received: Error: The code was stopped at its time limit (2 s).',
      { timeout: 30_000 },
    );
    // Python asking for more than its memory limit (decision 0130) gets MemoryError; the chat goes on.
    await chat.send(`Hog ${call({ language: 'python', code: 'hog = bytearray(700 * 1024 * 1024)' })}`);
    await expect(chat.lastAnswer()).toContainText('MemoryError', { timeout: 60_000 });
    await expect(chat.lastAnswer()).toContainText('The run stopped at its memory limit (512 MB).');
    await chat.send('Still there?');
    await expect(chat.lastAnswer()).toContainText('Echo: Still there?');

    // A JavaScript block in an answer has Run; its output shows under the block (same sandbox).
    await chat.send(
      'Code please [[sim:reply Try this:\n\n```js\nconsole.log("from the button", 6 * 7);\n[1, 2].map((n) => n * 2)\n```\n]]',
    );
    const block = chat.lastAnswer().locator('figure').filter({ hasText: 'from the button' });
    await block.getByRole('button', { name: 'Run' }).click();
    const output = block.getByRole('status', { name: 'Output of the js code' });
    await expect(output).toContainText('from the button 42');
    await expect(output).toContainText('→ [2,4]');
  });
});
