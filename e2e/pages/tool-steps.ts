import { expect, type Locator, type Page } from '@playwright/test';
import { RawParleyDatabase } from './data-raw-idb';

/** How long a tool call may run before the app ends it (the spec's 30 s). */
export const TOOL_TIME_OUT_MS = 30_000;

/** A plugin file as users bring it (plugin-format), planted in the app's database by the test. */
export type PluginFile = Record<string, unknown> & { id: string; title: string };

/** A generation-1 JavaScript plugin with one function. */
export function jsPlugin(name: string, code: string, extra: Record<string, unknown> = {}): PluginFile {
  return {
    id: name,
    uuid: `uuid-${name}`,
    title: extra.title ? String(extra.title) : name,
    emoji: '🧪',
    openaiSpec: {
      name,
      description: `Test function ${name}`,
      parameters: { type: 'object', properties: { call: { type: 'number' }, query: { type: 'string' } } },
    },
    implementationType: 'javascript',
    outputType: 'respond_to_ai',
    userSettings: [],
    code,
    ...extra,
  };
}

/** The chat's tool steps (each call a collapsible step) and the plugins a test plants. */
export class ToolSteps {
  constructor(readonly page: Page) {}

  /** Every step on screen, in order. */
  get steps(): Locator {
    return this.page.getByRole('region', { name: /^Tool call / });
  }

  step(functionName: string): Locator {
    return this.page.getByRole('region', { name: `Tool call ${functionName}` });
  }

  toggle(functionName: string): Locator {
    return this.step(functionName).getByRole('button');
  }

  /** Stores the plugins in the app's IndexedDB (the app must have opened it: call after open()). */
  async plant(plugins: readonly PluginFile[]) {
    const now = new Date().toISOString();
    await new RawParleyDatabase(this.page).put(
      plugins.map((plugin) => ({
        table: 'plugins',
        id: plugin.id,
        value: { schemaVersion: 1, createdAt: now, updatedAt: now, installed: true, ...plugin },
      })),
    );
  }

  async expectCollapsed(functionName: string) {
    await expect(this.toggle(functionName)).toHaveAttribute('aria-expanded', 'false');
  }
}
