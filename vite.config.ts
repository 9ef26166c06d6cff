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
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
