import type { i18n } from 'i18next';
import type { Root } from 'react-dom/client';

/** Shows the screen of a malformed config file in place of the app. */
export type ShowHostConfigError = (root: Root, i18n: i18n) => void;

/** `parley.config.json` beside the app: the page's own folder, so a sub-path works. */
export function hostConfigUrl(): string {
  return `${import.meta.env.BASE_URL}parley.config.json`;
}

/**
 * Fetches the host's `parley.config.json` (decision 0091) and applies it (the feature flags) before
 * the first screen; for a malformed file it returns what shows the file's error screen instead. One
 * small same-origin request, started while the store opens; offline, the service worker answers
 * with the copy it kept. No file (404, or a host that answers every path with
 * the app's page) is no config; the reading and checking code is a chunk loaded only when a file
 * exists.
 */
export async function loadHostConfig(win: Window & typeof globalThis): Promise<ShowHostConfigError | null> {
  let response: Response;
  const fileUrl = new URL(hostConfigUrl(), win.location.href).href;
  try {
    response = await win.fetch(fileUrl, { cache: 'no-cache' });
  } catch {
    return null;
  }
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('text/html')) {
    return null;
  }
  const text = await response.text();
  const { applyHostConfig } = await import('./apply-host-config');
  return applyHostConfig(text, fileUrl);
}
