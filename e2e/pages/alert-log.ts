import type { Page } from '@playwright/test';

/**
 * Every alert the page shows outside the chat's messages (toasts, banners), recorded as it appears:
 * a toast that came and went is still counted, so "shown once, in the chat" can be checked after
 * the fact. Install before the page loads.
 */
export async function recordAlertsOutsideMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __alertsOutsideMessages: string[] }).__alertsOutsideMessages = seen;
    const visit = (node: Node) => {
      if (!(node instanceof Element)) return;
      const alerts = node.matches('[role="alert"]') ? [node] : [];
      alerts.push(...node.querySelectorAll('[role="alert"]'));
      // The text settles a frame later (React fills it after the node is added).
      for (const alert of alerts)
        if (!alert.closest('article')) requestAnimationFrame(() => seen.push(alert.textContent ?? ''));
    };
    new MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach(visit);
    }).observe(document, { childList: true, subtree: true });
  });
}

export async function alertsOutsideMessages(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { __alertsOutsideMessages: string[] }).__alertsOutsideMessages,
  );
}
