import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/** `npm run test:reliability`: hostile input, permissions, load with invariants, crashes, attacks. */
export default defineConfig({
  test: {
    ...base.test,
    include: ['tests/reliability/**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 300_000,
  },
});
