import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Every language but English, from the locale files: their string chunks (`assets/<lng>-….js`,
 * decision 0084) are not precached, so a user downloads only the language they use.
 */
function otherLanguages(): string[] {
  const dir = fileURLToPath(new URL('./src/i18n/locales/', import.meta.url));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json') && file !== 'en.json')
    .map((file) => file.slice(0, -'.json'.length));
}

/**
 * The service worker and the web manifest (decision 0090), by vite-plugin-pwa (Workbox's
 * generateSW). The worker precaches the whole build except source maps and the KaTeX fonts every
 * browser that runs the app does not need (TTF and WOFF: WOFF2 is read instead), so a cold start
 * with no network opens the app with every screen, worker, reader and English; another language's
 * strings are kept once the app has fetched them. It is registered
 * by features/app-update after the first screen, and waits for the user's Reload (no skipWaiting).
 *
 * Never answered from the cache: the API (`/api/*`), share pages (`/s/*`, always fresh from the
 * server) and every other origin (providers, sync servers): Workbox only routes what it precached,
 * the app's page for navigations, the host's `parley.config.json` (network first) and the Python
 * interpreter's files once a run has fetched them (cache first; versioned URLs).
 */
export function pwaPlugin() {
  const languageChunk = new RegExp(`/assets/(?:${otherLanguages().join('|')})-[^/]*\\.js$`);
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    // features/app-update registers it, after the first screen, so the first load does not grow.
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: './',
      name: 'Parley',
      short_name: 'Parley',
      description: 'A local-first chat front end for AI models.',
      start_url: './',
      scope: './',
      display: 'standalone',
      theme_color: '#ffffff',
      background_color: '#ffffff',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,mjs,css,html,json,svg,png,ico,woff2,wasm,txt,bcmap,pfb}'],
      globIgnores: ['**/*.map', ...otherLanguages().map((lng) => `assets/${lng}-*.js`)],
      // pdf.js's worker is the largest file (about 1.2 MB).
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // Vite's hashed files (all in assets/) need no revision: an unchanged chunk is not fetched
      // again after a deploy. Other files (index.html, the sandbox page) carry a content hash.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/s\//, /\/[^/?]+\.[^/?]+$/],
      // The host's parley.config.json (decision 0091): fresh from the network, the last copy offline.
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('/parley.config.json'),
          handler: 'NetworkFirst',
          options: { cacheName: 'parley-host-config', cacheableResponse: { statuses: [200] } },
        },
        // Another language's strings (not precached, see above) are kept once the app has fetched
        // them: the language in use works offline, as the app's own lazy loading asks for it.
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && languageChunk.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'parley-languages',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 400 },
          },
        },
        // The Python interpreter (13 MB, fetched with its version in the query) is kept once it has
        // been used, so Python runs offline after a first run; it is not precached for every user.
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.includes('/pyodide/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'parley-pyodide',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 12 },
          },
        },
      ],
      // The plugin sandbox page for a frame the worker can serve offline (public/sandbox-sw.js).
      importScripts: ['sandbox-sw.js'],
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      sourcemap: false,
    },
  });
}
