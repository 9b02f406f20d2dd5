import { defineProject } from 'vitest/config';

/** Unit tests of the benchmark helpers (the benchmarks themselves print numbers and are run by run.ts). */
export default defineProject({
  test: {
    name: 'bench',
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
