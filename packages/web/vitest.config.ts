import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      include: ['test/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      // Rendering the whole app shell in jsdom takes about a second on a quiet machine; a loaded
      // one (CI's is about twice as slow) must not turn that into a time-out. A test that hangs
      // still fails.
      testTimeout: 15_000,
    },
  }),
);
