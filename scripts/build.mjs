// The one build: the web app (dist/client, precompressed), its server renderer (dist/ssr,
// docs/decisions/0027) and the bundled server (dist/server/main.js, docs/decisions/0009).
// `npm run build` builds all three; `--if-stale` (npm start, the browser tests) builds only the
// parts whose output is missing or older than their sources, so `npm start` serves exactly
// what `npm run build` would have built and a test run never builds an unchanged part twice.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const onlyIfStale = process.argv.includes('--if-stale');
const webSources = ['src/client', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];
const vite = (...args) =>
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', ...args], {
    stdio: 'inherit',
  });
const node = (script) => execFileSync(process.execPath, [script], { stdio: 'inherit' });

const parts = [
  {
    name: 'web app',
    output: 'dist/client/index.html',
    sources: webSources,
    build: () => {
      vite('--logLevel', 'warn');
      node('scripts/compress-assets.mjs');
    },
  },
  {
    name: 'server renderer',
    output: 'dist/ssr/entry-server.js',
    sources: webSources,
    build: () => vite('--ssr', '--logLevel', 'warn'),
  },
  {
    name: 'server',
    output: 'dist/server/main.js',
    sources: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'],
    build: () => node('scripts/build-server.mjs'),
  },
];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

function isStale({ output, sources }) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...sources.map(newestMtime), newestMtime('scripts/build.mjs'));
}

for (const part of parts) {
  if (onlyIfStale && !isStale(part)) continue;
  const started = Date.now();
  process.stdout.write(`Building the ${part.name}…\n`);
  part.build();
  process.stdout.write(
    `Built the ${part.name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}
