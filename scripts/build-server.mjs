// The production server: src/server bundled into one ES module, dist/server/main.js, that plain
// node runs. Running the TypeScript sources through tsx's loader cost a quarter of a cached
// public read's throughput (npm run bench; docs/decisions/0009). Packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
