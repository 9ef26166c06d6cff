// Browser tests drive Debian's Chromium (browser downloads do not work here). On a fresh machine
// install it when we can (root with apt-get), otherwise say exactly what is missing.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    process.stderr.write(
      `Chromium not found at ${chromium}: run 'apt-get install -y chromium' (or set CHROMIUM_PATH).\n`,
    );
    process.exit(1);
  }
  process.stdout.write("Installing Debian's Chromium for the browser tests…\n");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (!fs.existsSync(chromium)) {
    process.stderr.write(
      `Chromium is still not at ${chromium} after installing: set CHROMIUM_PATH.\n`,
    );
    process.exit(1);
  }
}
