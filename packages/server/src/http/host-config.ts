import { readFile } from 'node:fs/promises';
import type { Hono } from 'hono';

/**
 * `/parley.config.json` (decision 0091): the owner's host config for the web app, read from
 * PARLEY_CONFIG_FILE on every request (an edit takes effect at the next app start, no restart), and
 * never cached without asking. Without the setting the path is a plain 404, not the app's page.
 */
export function mountHostConfig(app: Hono, file: string | undefined) {
  app.get('/parley.config.json', async (c) => {
    if (!file) return c.notFound();
    try {
      const body = await readFile(file);
      return c.body(new Uint8Array(body), 200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-cache',
      });
    } catch {
      return c.notFound();
    }
  });
}
