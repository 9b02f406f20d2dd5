import { expect, test, type Locator } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { simImageFetches, simImageUrl, uniqueKey } from '../pages/chat-sim-log';
import { openSettings } from '../pages/open-settings';
import { SIM_PORT } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

const SIM_HOST = `127.0.0.1:${SIM_PORT}`;

/** True once the browser has the image's pixels (the fetch happened and succeeded). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
}

test.describe('Remote images in answers', () => {
  test('a remote image in an answer is not fetched until clicked; an allowed host loads at once', async ({
    page,
  }) => {
    test.slow(); // three answers, two image loads and a trip to Settings
    const run = uniqueKey('img');
    const [first, second, third, fourth] = ['first', 'second', 'third', 'fourth'].map(
      (name) => `${run}-${name}`,
    );
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();

    // What a prompt injection would write: chat text in the query of an image URL.
    await chat.send(
      `Summarise [[sim:reply Here ![chart](${simImageUrl(first!)}) and ![photo](${simImageUrl(second!)}) done.]]`,
    );
    const answer = chat.lastAnswer();
    await expect(answer).toContainText('done.');
    const placeholders = answer.getByRole('group', { name: `Image from ${SIM_HOST}` });
    await expect(placeholders).toHaveCount(2);
    await expect(answer.locator('img')).toHaveCount(0);
    expect(await simImageFetches(first!)).toBe(0);
    await keepScreenshot(page, 'remote-image-placeholder');

    // One click loads that image only: the other, rendered at the same moment, is still not fetched.
    await placeholders.first().getByRole('button', { name: 'Load image' }).click();
    await expectLoaded(answer.getByRole('img', { name: 'chart' }));
    expect(await simImageFetches(first!)).toBe(1);
    expect(await simImageFetches(second!)).toBe(0);
    await expect(placeholders).toHaveCount(1);

    // "Always load from this host" loads it, and the next answer's image from that host comes at once.
    await placeholders.getByRole('button', { name: 'Always load from this host' }).click();
    await expectLoaded(answer.getByRole('img', { name: 'photo' }));
    expect(await simImageFetches(second!)).toBe(1);
    await chat.send(`Again [[sim:reply More ![more](${simImageUrl(third!)}) end.]]`);
    await expectLoaded(chat.lastAnswer().getByRole('img', { name: 'more' }));
    expect(await simImageFetches(third!)).toBe(1);

    // Settings > General lists the host; removing it makes new images wait for a click again.
    const settings = await openSettings(page);
    await settings.showSection('General');
    const hosts = settings.dialog.getByRole('list', { name: 'Images in answers' });
    await expect(hosts.getByRole('listitem')).toHaveText([SIM_HOST]);
    await keepScreenshot(page, 'remote-image-hosts-setting');
    await hosts.getByRole('button', { name: `Stop loading images from ${SIM_HOST} automatically` }).click();
    await expect(settings.dialog.getByText(/No sites yet/)).toBeVisible();
    await settings.close();

    await chat.send(`Last [[sim:reply Final ![last](${simImageUrl(fourth!)}) over.]]`);
    const last = chat.lastAnswer();
    await expect(last).toContainText('over.');
    await expect(last.getByRole('group', { name: `Image from ${SIM_HOST}` })).toBeVisible();
    await expect(last.locator('img')).toHaveCount(0);
    expect(await simImageFetches(fourth!)).toBe(0);
  });
});
