import type { Plugin } from 'vite';

/**
 * The app's Content-Security-Policy (decision 0021), as a meta tag in the built index.html, so a
 * static host serving the build gets it too. The server sends the same policy as a header and
 * adds what a meta tag cannot carry (frame-ancestors, report-uri).
 *
 * - scripts: our own files, plus the inline theme boot script by its hash (computed here, at
 *   build time, from the script as built); no eval, no other inline script.
 * - connect-src *: the user points the app at any provider endpoint (custom models, OpenRouter,
 *   a local Ollama...), chosen at run time; a fixed list would break them. Everything else is
 *   strict, so an injected script cannot load, and data can leave only by fetch from our own code.
 * - img-src *: answers may show remote images (loaded only when the user asks, in the app).
 * - style-src 'unsafe-inline': rendered markdown (KaTeX, highlighting) carries style attributes.
 * - worker-src 'self' blob:: the search worker is our own module.
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  const hashes = inlineScriptHashes.map((hash) => `'sha256-${hash}'`).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self'${hashes ? ` ${hashes}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    "font-src 'self' data:",
    'connect-src * data: blob:',
    "media-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** Adds the meta CSP to the built index.html, hashing each inline script as it stands. */
export function cspMetaPlugin(): Plugin {
  return {
    name: 'parley-csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        // Web Crypto (global in Node 20), so this build file needs no Node import.
        const hashes = await Promise.all(
          [...html.matchAll(INLINE_SCRIPT)].map(async (match) => {
            const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(match[1] ?? ''));
            return btoa(String.fromCharCode(...new Uint8Array(digest)));
          }),
        );
        const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(hashes)}" />`;
        // After the charset, which must come first.
        return /<meta charset[^>]*>/i.test(html)
          ? html.replace(/(<meta charset[^>]*>)/i, `$1\n    ${meta}`)
          : html.replace(/<head>/i, `<head>\n    ${meta}`);
      },
    },
  };
}
