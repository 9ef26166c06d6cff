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
