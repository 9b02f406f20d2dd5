import { defineProject } from 'vitest/config';

/** Unit tests of the repository's own scripts (the test report). */
export default defineProject({
  test: {
    name: 'scripts',
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
