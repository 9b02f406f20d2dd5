import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cspMetaPlugin } from './csp-plugin';
import { pwaPlugin } from './pwa-plugin';
import { mermaidPlugin } from './mermaid-plugin';
import { pyodidePlugin } from './pyodide-plugin';
import { stringsPlugin } from './strings-plugin';
import { zodClassicPlugin } from './zod-classic-plugin';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    cspMetaPlugin(),
    stringsPlugin(),
    pwaPlugin(),
    pyodidePlugin(),
    mermaidPlugin(),
    zodClassicPlugin(),
  ],
  // zod without its eval probe, which the CSP would report (src/zod-jitless.ts, src/zod-mini-jitless.ts).
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: decodeURIComponent(new URL('./src/zod-jitless.ts', import.meta.url).pathname),
      },
      {
        find: /^zod\/mini$/,
        replacement: decodeURIComponent(new URL('./src/zod-mini-jitless.ts', import.meta.url).pathname),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Everything the first screen imports statically is one file, so the first load pays no
        // per-chunk wrapping and import lists for shared helpers (decision 0036).
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
  // Module workers (both are started with type 'module'): the document reader loads each reading
  // library as its own chunk, only when a file of that type is read.
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8787' },
  },
});
