import { expect, test } from '@playwright/test';
import { activateLicense, AttachFiles } from '../pages/attach-files';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { pngFile, pngSize } from '../pages/document-fixtures';

type Body = Record<string, unknown>;

test.describe('Images in a message', () => {
  test('an image reaches each provider in its own format; a large one is scaled down first', async ({
    page,
    request,
  }) => {
    test.slow(); // the license CLI starts a Node process
    const keys = { openai: uniqueKey('sk-oa'), anthropic: uniqueKey('sk-an'), gemini: uniqueKey('gm') };
    const chat = new ChatPage(page);
    const files = new AttachFiles(page);
    await chat.seedKeys(keys);
    await activateLicense(page, request);

    // OpenAI: chosen with the attach button; sent as an image_url data URL.
    await files.choose([pngFile('small.png', 64, 48)]);
    await expect(files.chip('small.png')).toBeVisible({ timeout: 30_000 });
    await chat.send('What colour is this?');
    await expect(chat.lastAnswer()).toContainText('Echo:');
    const [openai] = await answerRequestsWithKey(keys.openai);
    const openaiMessages = (openai?.body as Body).messages as { role: string; content: unknown }[];
    const openaiParts = openaiMessages.at(-1)?.content as { type: string; image_url?: { url: string } }[];
    expect(openaiParts[0]?.type).toBe('image_url');
    expect(openaiParts[0]?.image_url?.url).toMatch(/^data:image\/png;base64,/);
    expect(openaiParts[1]).toEqual({ type: 'text', text: 'What colour is this?' });
    // The stored chat points at the attachment; the picture shows in the message.
    // The sent picture is named by its file, like the chip it came from.
    await expect(chat.userMessages.last().getByRole('img', { name: 'small.png', exact: true })).toBeVisible();

    // Anthropic: a 6-megapixel screenshot pasted into the box; stored at Anthropic's limits.
    await chat.chooseModel('Claude Sonnet 4.5');
    await files.paste(chat.composer, pngFile('screenshot.png', 3000, 2000));
    await expect(files.chip('screenshot.png')).toBeVisible({ timeout: 30_000 });
    await chat.send('And this one?');
    await expect(chat.answers).toHaveCount(2);
    await expect(chat.lastAnswer()).toContainText('Echo: And this one?');
    const [anthropic] = await answerRequestsWithKey(keys.anthropic);
    const turns = (anthropic?.body as Body).messages as { role: string; content: Body[] }[];
    const blocks = turns.at(-1)?.content ?? [];
    const image = blocks.find((block) => block.type === 'image') as
      { source: { type: string; media_type: string; data: string } } | undefined;
    expect(image?.source.type).toBe('base64');
    expect(image?.source.media_type).toBe('image/png');
    const size = pngSize(image?.source.data ?? '');
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(1568);
    expect(size.width * size.height).toBeLessThanOrEqual(1_150_000);
    expect(size.width / size.height).toBeCloseTo(1.5, 1);

    // Gemini: dropped on the chat; sent as inline data.
    await chat.chooseModel('Gemini 2.5 Flash');
    const small = pngFile('dropped.png', 32, 32, [200, 40, 40]);
    await files.drop([{ name: small.name, type: small.mimeType, base64: small.buffer.toString('base64') }]);
    await expect(files.chip('dropped.png')).toBeVisible({ timeout: 30_000 });
    await chat.send('Last one');
    await expect(chat.answers).toHaveCount(3);
    await expect(chat.lastAnswer()).toContainText('Echo: Last one');
    const [gemini] = await answerRequestsWithKey(keys.gemini);
    const contents = (gemini?.body as Body).contents as { role: string; parts: Body[] }[];
    const parts = contents.at(-1)?.parts ?? [];
    expect(parts).toContainEqual({
      inlineData: { mimeType: 'image/png', data: small.buffer.toString('base64') },
    });
    expect(parts).toContainEqual({ text: 'Last one' });
  });
});
