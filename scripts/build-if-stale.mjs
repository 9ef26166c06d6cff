// `npm start` builds the web app only when dist/ is missing or older than its sources, so a
// restart on an unchanged checkout starts in about a second.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const built = 'dist/client/index.html';
const sources = ['src/client', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  process.stdout.write('Building the web app…\n');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/compress-assets.mjs'], { stdio: 'inherit' });
}
