import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey, type SimRequest } from '../pages/chat-sim-log';
import { CustomModelsSection } from '../pages/custom-models-section';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { openSettings } from '../pages/open-settings';
import { jsPlugin, ToolSteps } from '../pages/tool-steps';
import { SIM_URL } from '../support/env';

/** Two plugins the simulator's `[[sim:tools 2]]` calls in parallel (one per declared function). */
const plugins = [
  jsPlugin(
    'get_city_weather',
    'async function get_city_weather(params) { return "weather#" + params.call; }',
  ),
  {
    // Generation 2: the functions are listed in pluginFunctions.
    ...jsPlugin('unused', ''),
    id: 'a3c1f7e2-0000-4000-8000-000000000002',
    title: 'Clock',
    openaiSpec: undefined,
    code: undefined,
    pluginFunctions: [
      {
        id: 'fn-time',
        name: 'get_local_time',
        implementationType: 'javascript',
        outputType: 'respond_to_ai',
        openaiSpec: {
          name: 'get_local_time',
          description: 'The time',
          parameters: { type: 'object', properties: {} },
        },
        code: 'function get_local_time(params) { return "time#" + params.call; }',
      },
    ],
  },
];

/** The tool results a logged request carries, each with the call it answers, per wire format. */
function pairedResults(request: SimRequest | undefined): { call: string; text: string }[] {
  const body = request?.body as Record<string, unknown>;
  if (Array.isArray(body.contents)) {
    const last = (body.contents as { parts: Record<string, unknown>[] }[]).at(-1)?.parts ?? [];
    return last
      .map((part) => part.functionResponse as { name: string; response: unknown } | undefined)
      .filter((part) => part !== undefined)
      .map((part) => ({ call: part.name, text: JSON.stringify(part.response) }));
  }
  const messages = body.messages as Record<string, unknown>[];
  const last = messages.at(-1) as { role: string; content: unknown };
  if (last.role === 'user' && Array.isArray(last.content)) {
    return (last.content as Record<string, unknown>[])
      .filter((block) => block.type === 'tool_result')
      .map((block) => ({ call: String(block.tool_use_id), text: JSON.stringify(block.content) }));
  }
  return messages
    .filter((message) => message.role === 'tool')
    .map((message) => ({ call: String(message.tool_call_id), text: String(message.content) }));
}

/** The call ids (or Gemini names) of the first answer's calls, as the simulator sent them. */
function callsOf(request: SimRequest | undefined): string[] {
  const body = request?.body as Record<string, unknown>;
  if (Array.isArray(body.contents)) {
    const model = (body.contents as { role: string; parts: Record<string, unknown>[] }[]).find(
      (c) => c.role === 'model',
    );
    return (model?.parts ?? []).flatMap((part) =>
      part.functionCall ? [(part.functionCall as { name: string }).name] : [],
    );
  }
  const messages = body.messages as Record<string, unknown>[];
  const assistant = messages.find((message) => message.role === 'assistant') as Record<string, unknown>;
  if (Array.isArray(assistant.tool_calls))
    return (assistant.tool_calls as { id: string }[]).map((call) => call.id);
  return (assistant.content as Record<string, unknown>[])
    .filter((b) => b.type === 'tool_use')
    .map((b) => String(b.id));
}

test.describe('Tools on every provider', () => {
  // Each story runs two steps, the plugin sandbox's first start and a reload.
  test.describe.configure({ timeout: 90_000 });
  const cases = [
    { provider: 'openai', model: 'GPT-5.1' },
    { provider: 'anthropic', model: 'Claude Sonnet 4.5' },
    { provider: 'gemini', model: 'Gemini 2.5 Flash' },
    { provider: 'openrouter', model: 'GPT-4o mini (OpenRouter)' },
    { provider: 'custom', model: 'Sim Tools Custom' },
  ] as const;

  for (const { provider, model } of cases) {
    test(`two parallel plugin calls run and are answered in pairs (${provider})`, async ({ page }) => {
      const key = uniqueKey(provider);
      const chat = new ChatPage(page);
      await chat.seedKeys(provider === 'custom' ? {} : { [provider]: key });
      await chat.open();
      const tools = new ToolSteps(page);
      await tools.plant(plugins);
      if (provider === 'custom') {
        const settings = await openSettings(page);
        const models = new CustomModelsSection(page);
        await models.open();
        await models.addButton.click();
        await models.fill({
          title: model,
          modelId: 'sim-tools-model',
          endpoint: `${SIM_URL}/v1/chat/completions`,
        });
        await models.addHeaderRow('Authorization', `Bearer ${key}`);
        // A custom model gets tools only when the user says it supports them.
        await models.dialog.getByRole('switch', { name: 'Plugin support' }).click();
        await models.saveButton.click();
        await settings.closeButton.click();
      }
      if (model !== 'GPT-5.1') await chat.chooseModel(model);

      await chat.send('Weather and time, please [[sim:tools 2]]');
      await expect(chat.lastAnswer()).toContainText('Tool result received', { timeout: 45_000 });
      await expect(tools.steps).toHaveCount(2);
      await tools.expectCollapsed('get_city_weather');
      await tools.toggle('get_city_weather').click();
      await expect(tools.toggle('get_city_weather')).toHaveAttribute('aria-expanded', 'true');
      await expect(tools.step('get_city_weather')).toContainText('weather#');

      const [first, second] = await answerRequestsWithKey(key);
      const body = JSON.stringify(first?.body);
      expect(body).toContain('get_city_weather');
      expect(body).toContain('get_local_time');
      // The second request answers each call with its own result, in the provider's pairing.
      const calls = callsOf(second);
      const results = pairedResults(second);
      expect(results.map((result) => result.call)).toEqual(calls);
      expect(results).toHaveLength(2);
      expect(results.map((r) => r.text).join(' ')).toMatch(/weather#\d/);
      expect(results.map((r) => r.text).join(' ')).toMatch(/time#\d/);

      // Stored in the spec's shape: the answer's tool_calls, then one function message per call.
      const chats = await new RawParleyDatabase(page).chats<{ messages: Record<string, unknown>[] }>();
      const stored = chats.find((c) =>
        c.messages.some((m) => String(m.content).includes('Weather and time')),
      );
      const roles = stored?.messages.map((message) => message.role);
      expect(roles).toEqual(['user', 'assistant', 'function', 'function', 'assistant']);
      const results2 = stored?.messages.filter((message) => message.role === 'function') ?? [];
      for (const result of results2)
        expect(result).toMatchObject({ type: 'tool-response', name: expect.any(String) });

      await page.reload();
      await expect(tools.steps).toHaveCount(2);
      await expect(chat.lastAnswer()).toContainText('Tool result received');
    });
  }
});
