import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_ONLY_ATTRIBUTE, INTL_WARM_UP_SCRIPT } from '#shared/intl-warm-up.ts';

/** The app shell of the stand-in build: the markers the server fills in, and nothing else. */
export const BUILT_SHELL =
  '<!doctype html><html lang="en"><head>' +
  `<script ${APP_ONLY_ATTRIBUTE}>${INTL_WARM_UP_SCRIPT}</script>` +
  '<meta charset="utf-8"><title>Local Battles</title>' +
  '<script type="module" crossorigin src="/assets/app.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/app.css"></head>' +
  '<body><div id="root"></div><noscript>Needs JavaScript.</noscript></body></html>';

/** The stand-in build's styles: the app's base, and the home page module's own. */
export const BUILT_STYLES = { app: '.app-base{color:black}', home: '.home-page{color:brown}' };

/**
 * A stand-in for `npm run build` (dist/client and dist/ssr) in a temporary directory, so the SPA
 * plugin's serving and rendering are tested without building the web app. Its renderer reads the
 * public answers the real home page reads through the server's transport and draws
 * `Rendered <url>` and the live shops' names, escaped as React escapes text; `?ask=<api path>`
 * makes it ask for one more path, as a page asking for something it must not would. A page that
 * reads the session (/profile) is drawn for the signed-in member, `for <username>`, with their
 * coupons' shops (none for nobody signed in: null, as the real renderer answers); one drawn
 * signed out for a visitor without a session says `Drawn signed out`; one in a language with a
 * prefix says `in es under /es`.
 */
export function fakeBuiltClient(): { clientDir: string; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-built-'));
  const clientDir = path.join(root, 'client');
  fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.mkdirSync(path.join(root, 'ssr'));
  fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
  fs.writeFileSync(path.join(clientDir, 'index.html'), BUILT_SHELL);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'export {};\n');
  fs.writeFileSync(path.join(clientDir, 'assets', 'document.js'), 'export {};\n');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.css'), BUILT_STYLES.app);
  fs.writeFileSync(path.join(clientDir, 'assets', 'home.css'), BUILT_STYLES.home);
  fs.writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app.js', imports: ['_main.js'] },
      '_main.js': { file: 'assets/main.js', css: ['assets/app.css'] },
      'document/main.ts': { file: 'assets/document.js' },
      'app/routes/home.tsx': {
        file: 'assets/home.js',
        imports: ['_main.js'],
        css: ['assets/home.css'],
      },
    }),
  );
  fs.writeFileSync(
    path.join(root, 'ssr', 'entry-server.js'),
    `const escape = (text) => text.replace(/[&<>"']/g, (char) => '&#' + char.charCodeAt(0) + ';');
export async function render(url, transport, drawnAt, { drawnFor, language }) {
  const inLanguage = language.basename ? ' in ' + language.language + ' under ' + language.basename : '';
  const read = async (apiPath) => {
    const answer = await transport(apiPath, { method: 'GET' }).catch(() => null);
    return answer && answer.ok ? answer.json() : null;
  };
  if (drawnFor === 'member') {
    const session = await read('/api/session');
    if (!session || !session.user) return null;
    // As the pass page does: each coupon's shop from the public shops answer (docs/decisions/0032).
    const [progress, shops] = await Promise.all([read('/api/user/progress'), read('/api/businesses')]);
    const coupons = (progress ? progress.coupons : [])
      .map((coupon) => (shops ?? []).find((shop) => shop.id === coupon.businessId))
      .filter(Boolean)
      .map((shop) => '<li>' + escape(shop.name) + '</li>')
      .join('');
    return {
      html: '<p>Rendered ' + escape(url) + ' for ' + escape(session.user.username) + '</p><ul>' + coupons + '</ul>',
      complete: true,
      state: {},
    };
  }
  const asked = new URL(url, 'http://localhost').searchParams.get('ask');
  const [, shops] = await Promise.all(
    ['/api/challenge/active', '/api/businesses', '/api/votes', '/api/config', asked]
      .filter(Boolean)
      .map(read),
  );
  const names = (shops ?? []).map((shop) => '<li>' + escape(shop.name) + '</li>').join('');
  return {
    html:
      '<p>Rendered ' + escape(decodeURIComponent(url)) + inLanguage + '</p>' +
      (drawnFor === 'signed-out' ? '<p>Drawn signed out</p>' : '') +
      (names ? '<ul>' + names + '</ul>' : ''),
    complete: true,
    state: {},
  };
}
`,
  );
  return { clientDir, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
