import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

/** axe-core's browser build, put into the page once and kept there while the page lives (decision 0072). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What is checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA, the best-practice rules, and
 * label-content-name-mismatch (WCAG 2.5.3 Label in Name), which axe keeps off as experimental:
 * someone who drives the app by voice says the words they see on a control.
 */
const OPTIONS: RunOptions = {
  runOnly: {
    type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'],
  },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

type AxeWindow = { axe?: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> } };

/**
 * Runs axe-core over what the page shows now (the open dialog, or the whole page) and keeps what
 * it finds; `expectNone` then fails with every violation once: its rule, what it means, where, and
 * the first step that showed it.
 */
export class AccessibilityCheck {
  private readonly found = new Map<string, string>();

  constructor(
    readonly page: Page,
    readonly prefix: string,
  ) {}

  /** `within`: a CSS selector to check only that part (an open dialog: the page behind is inert). */
  async scan(step: string, within?: string) {
    if (!(await this.page.evaluate(() => 'axe' in window))) await this.page.evaluate(AXE_SOURCE);
    const results = await this.page.evaluate(
      ({ context, options }) => (window as AxeWindow).axe!.run(context, options),
      { context: within ? { include: [[within]] } : { exclude: [] }, options: OPTIONS },
    );
    for (const violation of results.violations) {
      for (const node of violation.nodes) {
        const target = node.target.join(' >> ');
        const key = `${violation.id} ${target}`;
        if (this.found.has(key)) continue;
        this.found.set(
          key,
          `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
            `    at ${target}\n    first seen: ${this.prefix}, ${step}`,
        );
      }
    }
  }

  expectNone() {
    const found = [...this.found.values()];
    expect(found.length, `axe-core found ${found.length} violations:\n${found.join('\n')}\n`).toBe(0);
  }
}
