// `npm start` builds the web app and the server only when their output in dist/ is missing or
// older than their sources, so a restart on an unchanged checkout starts in about a second.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

function isStale(built, sources) {
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  return builtAt < Math.max(...sources.map(newestMtime));
}

if (
  isStale('dist/client/index.html', [
    'src/client',
    'src/shared',
    'public',
    'vite.config.ts',
    'package-lock.json',
  ])
) {
  process.stdout.write('Building the web app…\n');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  execFileSync(process.execPath, ['scripts/compress-assets.mjs'], { stdio: 'inherit' });
}
if (
  isStale('dist/server/main.js', [
    'src/server',
    'src/shared',
    'scripts/build-server.mjs',
    'package-lock.json',
  ])
) {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}
