import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/client; the server serves dist/client in production.
export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // bench/web.ts reads which source each chunk comes from.
    manifest: true,
    rolldownOptions: {
      // Copy small shared modules into each page's chunk instead of splitting them into dozens of
      // tiny files: a phone on HTTP/1.1 fetches those six at a time, one round trip per batch,
      // which delayed the first paint more than the duplicated bytes cost (npm run bench web).
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 40_000 } } },
      // Building a zod schema has no side effects: a page that imports only a constant or a type
      // from a contract module must not download zod for the schemas beside it.
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: [{ test: /\/src\/shared\//, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
