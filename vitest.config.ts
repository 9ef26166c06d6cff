import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/helpers/**/*.test.ts',
      'tests/lint/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: more workers only queue on the embedded database's WebAssembly start-up.
    maxWorkers: 2,
    // .ci/run reads the counts from the JSON report.
    reporters: process.env.VITEST_JSON_OUTPUT ? ['default', 'json'] : ['default'],
    ...(process.env.VITEST_JSON_OUTPUT
      ? { outputFile: { json: process.env.VITEST_JSON_OUTPUT } }
      : {}),
  },
});
