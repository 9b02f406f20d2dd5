/*
 * Imported by the app's service worker (pwa-plugin.ts, importScripts). A frame with the sandbox
 * attribute and no allow-same-origin is never controlled by a service worker, so after an offline
 * cold start the plugin sandbox page could not load. The app asks for it as
 * `plugin-sandbox.html?sw-sandbox=1` in a frame without the attribute instead, only while this worker
 * controls the page; the answer (the precached page, else the network's) always carries
 * `Content-Security-Policy: sandbox allow-scripts`, which makes the frame an opaque origin exactly as
 * the attribute does. The app checks the frame's origin is opaque before it sends any job.
 */
(() => {
  'use strict';
  const POLICY = [
    'sandbox allow-scripts',
    "default-src 'none'",
    "script-src 'unsafe-inline' 'unsafe-eval' blob: https:",
    'worker-src blob:',
    'connect-src * data: blob:',
    'img-src * data: blob:',
    "style-src 'unsafe-inline' https:",
    'font-src https: data:',
    'media-src * data: blob:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== self.location.origin) return;
    if (!url.pathname.endsWith('/plugin-sandbox.html') || !url.searchParams.has('sw-sandbox')) return;
    event.respondWith(
      (async () => {
        const page = new URL(url.pathname, url.origin).href;
        const cached = await caches.match(page, { ignoreSearch: true });
        const response = cached ?? (await fetch(page, { cache: 'no-cache' }));
        const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
        headers.set('content-security-policy', POLICY);
        return new Response(await response.text(), { status: response.ok ? 200 : response.status, headers });
      })().catch(
        () =>
          new Response('', {
            status: 503,
            headers: { 'content-security-policy': POLICY, 'content-type': 'text/html; charset=utf-8' },
          }),
      ),
    );
  });
})();
