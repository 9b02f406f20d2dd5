import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Most tests open a database and hash a password (scrypt) or two: well under a second on a quiet
    // machine, seconds on a loaded one (CI's is about twice as slow). A test that hangs still fails.
    testTimeout: 15_000,
  },
});
