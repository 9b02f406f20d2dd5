import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every package's unit tests as its own project.
export default defineConfig({
  test: {
    projects: ['packages/core', 'packages/web', 'packages/server', 'packages/provider-sim', 'bench'],
  },
});
