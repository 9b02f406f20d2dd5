import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'provider-sim',
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
