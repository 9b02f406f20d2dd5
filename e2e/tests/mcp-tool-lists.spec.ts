import { expect, test, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey, type SimRequest } from '../pages/chat-sim-log';
import { McpServersSection } from '../pages/mcp-servers';
import { MCP_URL } from '../support/env';

/** The tool names an OpenAI-format answer request offered the model. */
function offeredTools(request: SimRequest | undefined): string[] {
  const body = request?.body as { tools?: { function?: { name?: string } }[] } | undefined;
  return (body?.tools ?? []).map((tool) => tool.function?.name ?? '');
}

async function openChat(page: Page, key: string) {
  const chat = new ChatPage(page);
  await chat.seedKeys({ openai: key });
  await chat.open();
  return chat;
}

test.describe('MCP tool lists: per chat, paged, changing', () => {
  test.describe.configure({ timeout: 120_000 });

  test("a server switched off for one chat: its tools are not in that chat's next request", async ({
    page,
  }) => {
    const key = uniqueKey('mcp-chat');
    const chat = await openChat(page, key);
    const servers = new McpServersSection(page);
    await servers.open();
    await servers.add({ url: `${MCP_URL}/mcp`, name: 'Weather' });
    await servers.add({ url: `${MCP_URL}/paged/mcp`, name: 'Paged' });
    await expect(servers.status('Paged')).toHaveText('Connected: 5 tools.', { timeout: 20_000 });
    await servers.plugins.close();

    await chat.send('First question');
    await expect(chat.lastAnswer()).toContainText('Echo: First question', { timeout: 30_000 });
    const [first] = await answerRequestsWithKey(key);
    expect(offeredTools(first)).toEqual(expect.arrayContaining(['get_forecast', 'page_tool_1']));

    await page.keyboard.press('ControlOrMeta+Shift+P');
    const menu = page.getByRole('dialog', { name: 'Plugins in this chat' });
    const weather = menu.getByRole('switch', { name: 'Use Weather in this chat' });
    await expect(weather).toHaveAttribute('aria-checked', 'true');
    await weather.click();
    await expect(weather).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('ControlOrMeta+Shift+P');
    await expect(menu).toBeHidden();

    await chat.send('Second question');
    await expect(chat.lastAnswer()).toContainText('Echo: Second question', { timeout: 30_000 });
    const requests = await answerRequestsWithKey(key);
    expect(requests).toHaveLength(2);
    const second = offeredTools(requests[1]);
    expect(second).toContain('page_tool_1');
    expect(second).not.toContain('get_forecast');
  });

  test('a paged tools/list is read to its end', async ({ page }) => {
    await openChat(page, uniqueKey('mcp-paged'));
    const servers = new McpServersSection(page);
    await servers.open();
    await servers.add({ url: `${MCP_URL}/paged/mcp`, name: 'Paged' });
    await expect(servers.status('Paged')).toHaveText('Connected: 5 tools.', { timeout: 20_000 });
    await expect(servers.tools('Paged')).toHaveCount(5);
    await expect(servers.tools('Paged').last()).toContainText('page_tool_5');
  });

  test('a server that says its tools changed is listed again, on the same session', async ({ page }) => {
    const room = uniqueKey('room');
    const stats = async () =>
      ((await (await fetch(`${MCP_URL}/changing/stats?room=${room}`)).json()) as { sessions: number })
        .sessions;
    await openChat(page, uniqueKey('mcp-changing'));
    const servers = new McpServersSection(page);
    await servers.open();
    await servers.add({ url: `${MCP_URL}/changing/mcp?room=${room}`, name: 'Changing' });
    await expect(servers.status('Changing')).toHaveText('Connected: 1 tools.', { timeout: 20_000 });
    expect(await stats()).toBe(1);

    await fetch(`${MCP_URL}/changing/add-tool?room=${room}`, { method: 'POST' });
    await expect(servers.status('Changing')).toHaveText('Connected: 2 tools.');
    await expect(servers.tools('Changing').last()).toContainText('added_tool_1');
    // The notification came on the open session: nothing reconnected.
    expect(await stats()).toBe(1);
  });
});
