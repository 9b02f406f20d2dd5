import { newChat, type Chat, type Message } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import type { Page } from 'playwright-core';

/** Long chats for the rendering benches (stream-render, long-chat), built with the app's entity code. */
const SWITCHES = 20;

const WORDS =
  'the model answers with text that has some **bold** words, `inline code`, a [link](https://example.com) and plain prose about sorting arrays, streams, tokens and rendering'.split(
    ' ',
  );

function filler(index: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(index * 7 + i * 3) % WORDS.length]!);
  const text = out.join(' ');
  // Every tenth answer has a list and a code block, as real chats do.
  return index % 10 === 5 ? `${text}\n\n- one\n- two\n\n\`\`\`ts\nconst x = ${index};\n\`\`\`` : text;
}

/**
 * A chat whose path has `count` messages, built with the app's own entity code. With
 * `branchPoints`, the last answers of that many 50-message stretches (the chat's last answer
 * included) also have an older version beside them, so the path crosses that many branch points.
 */
export function branchedChat(count: number, branchPoints: number): Chat {
  const clock = new FakeClock('2024-05-01T00:00:00.000Z');
  const ids = new SequentialIdGenerator(`bench${count}-${branchPoints}-`);
  const messages: Message[] = [];
  let parentId: string | null = null;
  const branchEvery = branchPoints > 0 ? Math.floor(count / branchPoints) : 0;
  for (let i = 0; i < count; i++) {
    const user = i % 2 === 0;
    const stamp = () => {
      clock.advance(1000);
      return new Date(clock.now()).toISOString();
    };
    const message = (content: string): Message => {
      const now = stamp();
      return {
        id: `msg-${ids.randomId()}`,
        parentId,
        role: user ? 'user' : 'assistant',
        content,
        model: user ? undefined : 'gpt-4-turbo',
        createdAt: now,
        updatedAt: now,
      };
    };
    if (!user && branchEvery > 0 && (count - 1 - i) % branchEvery === 0) {
      messages.push(message(`An older version. ${filler(i + 1, 50)}`));
    }
    const kept = message(user ? `Question ${i}: ${filler(i, 12)}?` : filler(i, 60 + (i % 5) * 20));
    messages.push(kept);
    parentId = kept.id;
  }
  const leaf = messages.at(-1)!;
  return newChat(
    {
      chatTitle: `Bench chat with ${count} messages`,
      model: 'gpt-4-turbo',
      messages,
      selectedPath: branchPoints > 0 ? { leafId: leaf.id, updatedAt: leaf.updatedAt } : null,
    },
    { clock, ids },
  );
}

/**
 * BR8 in the page: clicks the lowest answer with versions ("Previous version", then "Next version":
 * the path below it changes each time) and times
 * each from the click to the first frame painted after the switcher shows the other version.
 */
export const SWITCH_ONCE = `
  (async () => {
    const lastGroup = () => {
      const groups = document.querySelectorAll('article[aria-label="Assistant"] [role="group"][aria-label^="Version"]');
      return groups[groups.length - 1];
    };
    const group = lastGroup();
    if (!group) throw new Error('no answer with versions on screen');
    const before = group.getAttribute('aria-label');
    const button = [...group.querySelectorAll('button')].find((b) => !b.disabled);
    const started = performance.now();
    performance.mark('switch-click');
    button.click();
    // The click handler itself (the switch, before React renders it).
    const handled = performance.now() - started;
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const label = lastGroup()?.getAttribute('aria-label');
      if (label && label !== before) { performance.mark('switch-shown'); return [performance.now() - started, handled]; }
      if (performance.now() - started > 5000) throw new Error('the switch never showed');
    }
  })()
`;

export async function measureSwitches(
  page: Page,
  switches = SWITCHES,
): Promise<{ repaint: number[]; commit: number[] }> {
  const repaint: number[] = [];
  const commit: number[] = [];
  for (let i = 0; i < switches; i++) {
    const [total, committed] = (await page.evaluate(SWITCH_ONCE)) as [number, number];
    repaint.push(total);
    commit.push(committed);
    // A user reads before switching again; the switch's save (a moment later) is not in the next one.
    await page.waitForTimeout(1500);
  }
  return { repaint, commit };
}
