import { newChat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { startProviderSim, type ProviderSim } from '@parley/provider-sim';
import type { BrowserContext, Page } from 'playwright-core';
import type { BenchResult } from './lib/bench-result';
import { branchedChat, measureSwitches } from './lib/branched-chat';
import { launchChromium } from './lib/chromium';
import { ensureWebBuild, startBuiltServer, type RunningServer } from './lib/server';
import { median, percentile } from './lib/stats';
import { storeChat } from './lib/store-chat';
import { bundleBenchPageScript } from './lib/storage-bench-bundle';

/** The page script that saves into the long chat through the app's storage code. */
const SAVE_PAGE = 'long-chat-save-page.ts';

/**
 * One very long chat (10,000 messages on its path, 100 branch points; BENCH_LONG_CHAT_MESSAGES for
 * another size) in the built app against the real server and the provider simulator, in Chromium:
 *  - open it at start (fresh page, it is the last chat): to the first message painted and to the
 *    composer ready, and open it from the sidebar (click to its last message painted);
 *  - save one message in it through the app's storage code (p50, p95);
 *  - scroll it from the end upwards (frames per second, longest task);
 *  - switch the versions of its last answer with versions (click to repaint);
 *  - send in it and in a new chat: Enter to the first streamed words (request assembly included).
 * Medians of RUNS fresh pages where it says so. Prints numbers; never a pass/fail test.
 */
const MESSAGES = Number(process.env.BENCH_LONG_CHAT_MESSAGES ?? 10_000);
const BRANCH_POINTS = 100;
const RUNS = 5;
const SAVES = 100;
const SCROLL_MS = 3000;
const SENDS = 3;
const PROMPT = 'Write a short essay [[sim:slow 400]] [[sim:long 200]] [[sim:context 4000000]]';

const SHORT_TITLE = 'A short chat';

/** A fresh page of the app; resolves with ms from navigation start to the first message and to the composer ready. */
async function openAtStart(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  const painted = await page.waitForFunction(
    () => (document.querySelector('article') ? performance.now() : 0),
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const ready = await page.waitForFunction(
    () => {
      const composer = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]');
      return composer && !composer.disabled ? performance.now() : 0;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return {
    page,
    firstMessage: (await painted.jsonValue()) as number,
    ready: (await ready.jsonValue()) as number,
  };
}

/** In the page: click the sidebar row titled `title`, time to the first frame showing `lastText`. */
async function openFromSidebar(page: Page, title: string, lastText: string): Promise<number> {
  return page
    .evaluate(
      async ([title, lastText]) => {
        const row = [
          ...document.querySelectorAll<HTMLElement>('nav a, nav button, [role="treeitem"], li a'),
        ].find((element) => element.textContent?.includes(title));
        if (!row) throw new Error(`no sidebar row ${title}`);
        const started = performance.now();
        row.click();
        for (;;) {
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          const region = document.querySelector('[aria-label="Messages"]');
          if (region?.textContent?.includes(lastText)) return performance.now() - started;
          if (performance.now() - started > 30_000) throw new Error('the chat never showed');
        }
      },
      [title, lastText] as const,
    )
    .catch(async (error: unknown) => {
      await page.screenshot({ path: 'bench/results/long-chat-failure.png' });
      throw error;
    });
}

/** Scrolls the message list upwards for SCROLL_MS, a step each frame; frame intervals and long tasks. */
async function scrollUp(page: Page): Promise<{ intervals: number[]; longTasks: number[] }> {
  // A string, not a function: the bench's TypeScript is compiled with helpers the page does not have.
  return page.evaluate(`(async () => {
    const scroller = document.querySelector('section[aria-label="Messages"]');
    if (!scroller) throw new Error('no message list');
    const longTasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const frames = [];
    const started = performance.now();
    await new Promise((resolve) => {
      const tick = (now) => {
        frames.push(now);
        scroller.scrollTop -= 600;
        if (now - started < ${SCROLL_MS}) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    observer.disconnect();
    return { intervals: frames.slice(1).map((time, i) => time - frames[i]), longTasks };
  })()`);
}

/** Enter to the first streamed words of the answer, in the chat on screen. */
async function sendOnce(page: Page): Promise<number> {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(PROMPT);
  const started = await page.evaluate(() => performance.now());
  await composer.press('Enter');
  const shown = await page.waitForFunction(
    () =>
      (document.querySelector('article[aria-busy="true"]')?.textContent?.length ?? 0) > 30
        ? performance.now()
        : 0,
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const ms = ((await shown.jsonValue()) as number) - started;
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 60_000 });
  return ms;
}

function shortChat() {
  const clock = new FakeClock('2024-04-01T00:00:00.000Z');
  const ids = new SequentialIdGenerator('short-');
  const now = new Date(clock.now()).toISOString();
  return newChat(
    {
      chatTitle: SHORT_TITLE,
      model: 'gpt-4-turbo',
      messages: [
        { id: 'msg-short-1', parentId: null, role: 'user', content: 'Hello', createdAt: now, updatedAt: now },
        {
          id: 'msg-short-2',
          parentId: 'msg-short-1',
          role: 'assistant',
          content: 'Hi there',
          createdAt: now,
          updatedAt: now,
        },
      ],
    },
    { clock, ids },
  );
}

async function seededContext(server: RunningServer, sim: ProviderSim) {
  const browser = await launchChromium();
  // The bench's probes are evaluated in the page, which the app's CSP would forbid.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await context.addInitScript((endpoint) => {
    if (localStorage.getItem('TM_keyVault') === null) {
      localStorage.setItem(
        'TM_keyVault',
        JSON.stringify({ version: 1, endpoints: { openai: endpoint }, plainKeys: { openai: 'sk-bench' } }),
      );
    }
  }, `${sim.url}/v1`);
  const page = await context.newPage();
  await page.goto(server.url);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  const chat = branchedChat(MESSAGES, BRANCH_POINTS);
  await storeChat(page, shortChat());
  await storeChat(page, chat, { open: true });
  await page.close();
  // Plain words from the last answer's start (its markdown renders without the marks).
  const lastText = String(chat.messages.at(-1)!.content)
    .split(/[*`[\n]/)[0]!
    .slice(0, 30)
    .trim();
  return { browser, context, chat, lastText };
}

const ms = (values: number[]) => values.map((value) => Math.round(value)).join(', ');

export default async function run(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const server = await startBuiltServer();
  const sim = await startProviderSim({ port: 0 });
  const saveScript = await bundleBenchPageScript(SAVE_PAGE);
  const { browser, context, chat, lastText } = await seededContext(server, sim);
  const label = `${MESSAGES.toLocaleString('en')}-message chat`;
  try {
    const firstMessage: number[] = [];
    const ready: number[] = [];
    const fromSidebar: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const opened = await openAtStart(context, server.url);
      firstMessage.push(opened.firstMessage);
      ready.push(opened.ready);
      await openFromSidebar(opened.page, SHORT_TITLE, 'Hi there');
      fromSidebar.push(await openFromSidebar(opened.page, chat.chatTitle, lastText));
      await opened.page.close();
    }
    console.log(`  open at start: first message ${ms(firstMessage)} ms; composer ready ${ms(ready)} ms`);
    console.log(`  open from the sidebar: ${ms(fromSidebar)} ms`);

    const { page } = await openAtStart(context, server.url);
    await page.waitForTimeout(2000);
    const scroll = await scrollUp(page);
    const fps = 1000 / median(scroll.intervals);
    console.log(
      `  scroll: ${scroll.intervals.length + 1} frames, p95 frame ${percentile(scroll.intervals, 95).toFixed(1)} ms, long tasks ${ms(scroll.longTasks) || 'none'}`,
    );
    await page.close();

    const switchPage = (await openAtStart(context, server.url)).page;
    await switchPage.waitForTimeout(2000);
    const { repaint } = await measureSwitches(switchPage, 10);
    console.log(`  version switches: ${ms(repaint)} ms`);

    const longSends: number[] = [];
    for (let i = 0; i < SENDS; i++) longSends.push(await sendOnce(switchPage));
    await switchPage.getByRole('button', { name: 'New chat' }).first().click();
    const newSends: number[] = [];
    for (let i = 0; i < SENDS; i++) newSends.push(await sendOnce(switchPage));
    console.log(`  send to first words: long chat ${ms(longSends)} ms; new chat ${ms(newSends)} ms`);
    await switchPage.close();

    const savePage = await context.newPage();
    await savePage.goto(`${server.url}/api/health`);
    await savePage.evaluate(saveScript);
    const saves = (await savePage.evaluate(
      ([id, times]) =>
        (window as unknown as { __saveInChat: (id: string, n: number) => Promise<number[]> }).__saveInChat(
          id,
          times,
        ),
      [chat.id, SAVES] as const,
    )) as number[];
    console.log(
      `  saves: p50 ${percentile(saves, 50).toFixed(1)} ms, p95 ${percentile(saves, 95).toFixed(1)} ms`,
    );

    return [
      {
        measure: `open at start to first message, ${label}`,
        value: median(firstMessage),
        unit: 'ms',
        note: `median of ${RUNS} fresh pages, from navigation start`,
      },
      { measure: `open at start to composer ready, ${label}`, value: median(ready), unit: 'ms' },
      {
        measure: `open from the sidebar, ${label}`,
        value: median(fromSidebar),
        unit: 'ms',
        note: 'click to the last message painted',
      },
      {
        measure: `save one message p50, ${label}`,
        value: percentile(saves, 50),
        unit: 'ms',
        target: 5,
        note: `chats.update appending one message, ${SAVES} saves`,
      },
      { measure: `save one message p95, ${label}`, value: percentile(saves, 95), unit: 'ms', target: 10 },
      {
        measure: `scroll fps, ${label}`,
        value: fps,
        unit: 'fps',
        target: 58,
        better: 'higher',
        note: `median frame while scrolling up 600 px a frame for ${SCROLL_MS / 1000} s`,
      },
      {
        measure: `scroll longest task, ${label}`,
        value: scroll.longTasks.length ? Math.max(...scroll.longTasks) : 0,
        unit: 'ms',
        target: 50,
      },
      {
        measure: `version switch repaint p95, ${label}`,
        value: percentile(repaint, 95),
        unit: 'ms',
        target: 50,
      },
      {
        measure: `send to first words, ${label}`,
        value: median(longSends),
        unit: 'ms',
        note: `median of ${SENDS}; in a new chat: ${median(newSends).toFixed(0)} ms`,
      },
      { measure: 'send to first words, new chat', value: median(newSends), unit: 'ms' },
    ];
  } finally {
    await context.close();
    await browser.close();
    await sim.close();
    await server.stop();
  }
}
