import { newChat, type Chat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { storeChat } from './lib/store-chat';
import type { BenchResult } from './lib/bench-result';
import { launchChromium } from './lib/chromium';
import { REPO_ROOT, ensureWebBuild, startBuiltServer } from './lib/server';

/**
 * Hostile markdown answers (decision 0068): deeply nested quotes and lists, and inline runs that
 * make the markdown parser walk back over everything before them. Each answer is seeded into the
 * built app's IndexedDB as one chat, beside a small one; the bench opens the small chat first (so the
 * message list's and the renderer's chunks are loaded, as in a session), then clicks the hostile chat
 * in the sidebar and times the click to the first frame whose rendered markdown shows the answer's
 * last words (or the fatal-error screen), with the longest main-thread task in between. Markdown is parsed on the main
 * thread (only code highlighting runs in a worker). A case still busy after CAP_MS is reported at
 * the cap. Then, in Node, the time of the depth and work bound's own pass over each text.
 * Target: every answer shown within 1 s.
 * MARKDOWN_BENCH_CAP_MS overrides the cap; MARKDOWN_BENCH_CASES=1,3 runs some of the cases.
 */
const CAP_MS = Number(process.env.MARKDOWN_BENCH_CAP_MS ?? 30_000);
const TARGET_MS = 1000;
const END = 'deep end';

type Case = { name: string; text: string };

const CASES: Case[] = [
  { name: '10,000 nested `> ` (20 kB)', text: `${'> '.repeat(10_000)}${END}` },
  { name: '5,000 nested list items (10 kB)', text: `${'- '.repeat(5_000)}${END}` },
  { name: '400,000 nested `> ` (800 kB)', text: `${'> '.repeat(400_000)}${END}` },
  { name: '300,000 nested list items (600 kB)', text: `${'- '.repeat(300_000)}${END}` },
  {
    name: '10,000 nested emphasis (20 kB)',
    text: `${'*'.repeat(10_000)}x${'*'.repeat(10_000)} ${END}`,
  },
  { name: '50,000 link closers without openers (100 kB)', text: `${'a]'.repeat(50_000)} ${END}` },
];

function chosenCases(): Case[] {
  const chosen = process.env.MARKDOWN_BENCH_CASES?.split(',').map((n) => Number(n) - 1);
  return chosen ? CASES.filter((_, index) => chosen.includes(index)) : CASES;
}

const WARM_UP = 'Warm-up chat';

function hostileChat(index: number, text: string, title = `Hostile answer ${index + 1}`): Chat {
  const clock = new FakeClock('2024-05-01T00:00:00.000Z');
  const ids = new SequentialIdGenerator(`hostile${index}-${title.length}-`);
  const at = (seconds: number) =>
    new Date(Date.parse('2024-05-01T00:00:00.000Z') + seconds * 1000).toISOString();
  const question = {
    id: `msg-q${index}`,
    parentId: null,
    role: 'user' as const,
    content: 'Quote me',
    createdAt: at(1),
    updatedAt: at(1),
  };
  const answer = {
    id: `msg-a${index}`,
    parentId: question.id,
    role: 'assistant' as const,
    content: text,
    model: 'gpt-4-turbo',
    createdAt: at(2),
    updatedAt: at(2),
  };
  return newChat({ chatTitle: title, model: 'gpt-4-turbo', messages: [question, answer] }, { clock, ids });
}

/**
 * In the page, as source text (the bench runs under tsx, whose helpers a function passed to
 * page.evaluate would not find): clicks the chat, then checks once per frame for the answer's end
 * or the fatal-error screen. Long tasks from the click on are recorded.
 */
const OPEN_CHAT = `
  (async ([title, end, capMs]) => {
    const longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    const button = [...document.querySelectorAll('nav button')].find((b) => b.textContent.includes(title));
    if (!button) throw new Error('no chat ' + title + ' in the sidebar');
    const started = performance.now();
    button.click();
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const ms = performance.now() - started;
      // The rendered markdown, not the text shown as written while the renderer's chunk loads.
      const body = document.querySelector('article[aria-label="Assistant"] .md-body');
      // (or, for a very long one, the start of the text past the bound, with a button for the rest).
      const outcome = body && (body.textContent.includes(end) || body.querySelector('.md-plain-more')) ? 'shown'
        : document.querySelector('h1')?.textContent === 'Something went wrong' ? 'crashed'
        : ms > capMs ? 'still busy' : null;
      if (outcome) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { ms, outcome, longest: Math.max(0, ...longTasks) };
      }
    }
  })
`;

type Opened = { ms: number; outcome: 'shown' | 'crashed' | 'still busy'; longest: number };

async function openInApp(browser: Browser, url: string, index: number, text: string): Promise<Opened> {
  // The bench's probe is a string evaluated in the page, which the app's CSP forbids.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await storeChat(page, hostileChat(index, text));
    await storeChat(page, hostileChat(index, `A **small** answer, ${END}.`, WARM_UP));
    await page.reload();
    const title = `Hostile answer ${index + 1}`;
    await page.getByRole('button', { name: title }).waitFor();
    await page.getByRole('button', { name: WARM_UP }).click();
    await page.locator('article[aria-label="Assistant"] .md-body').getByText(END).waitFor();
    const probe = `${OPEN_CHAT}(${JSON.stringify([title, END, CAP_MS])})`;
    // A page that hangs does not answer page.evaluate: the cap is also kept from out here.
    const capped = new Promise<Opened>((resolve) =>
      setTimeout(() => resolve({ ms: CAP_MS, outcome: 'still busy', longest: CAP_MS }), CAP_MS + 5000),
    );
    return await Promise.race([page.evaluate(probe) as Promise<Opened>, capped]);
  } finally {
    await context.close();
  }
}

type Bound = (text: string) => unknown;

/** The bound's own pass, where the app has one (a build before decision 0068 has none). */
async function loadBound(): Promise<Bound | undefined> {
  const file = path.join(REPO_ROOT, 'packages/web/src/features/markdown/markdown-bounds.ts');
  try {
    const module = (await import(pathToFileURL(file).href)) as { boundMarkdown?: Bound };
    return module.boundMarkdown;
  } catch {
    return undefined;
  }
}

function timeBound(bound: Bound, text: string): number {
  bound(text);
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    bound(text);
    runs.push(performance.now() - started);
  }
  return Math.min(...runs);
}

export default async function run(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const server = await startBuiltServer();
  const browser = await launchChromium();
  const results: BenchResult[] = [];
  const bound = await loadBound();
  try {
    for (const entry of chosenCases()) {
      const index = CASES.indexOf(entry);
      const opened = await openInApp(browser, server.url, index, entry.text);
      const verdict = opened.outcome === 'shown' ? '' : ` (${opened.outcome})`;
      console.log(
        `  ${entry.name}: ${opened.outcome} after ${Math.round(opened.ms)} ms, longest task ${Math.round(opened.longest)} ms`,
      );
      results.push(
        {
          measure: `open the chat, ${entry.name}`,
          value: opened.outcome === 'shown' ? opened.ms : Math.max(opened.ms, TARGET_MS + 1),
          unit: 'ms',
          target: TARGET_MS,
          note: `click in the sidebar to the answer's end on screen${verdict}`,
        },
        { measure: `longest task, ${entry.name}`, value: opened.longest, unit: 'ms' },
      );
      if (bound) {
        results.push({
          measure: `bound pass in Node, ${entry.name}`,
          value: timeBound(bound, entry.text),
          unit: 'ms',
          note: 'boundMarkdown over the whole answer, best of 5',
        });
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return results;
}
