import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cspMetaPlugin } from './csp-plugin';

export default defineConfig({
  plugins: [react(), tailwindcss(), cspMetaPlugin()],
  // zod without its eval probe, which the CSP would report (src/zod-jitless.ts).
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: decodeURIComponent(new URL('./src/zod-jitless.ts', import.meta.url).pathname),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8787' },
  },
});
