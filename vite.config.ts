import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import {
  OFFLINE_API_CACHE,
  OFFLINE_PAGES_CACHE,
  OFFLINE_REDEMPTION_QUEUE,
  PAGES_NEVER_KEPT,
  SERVICE_WORKER_API,
} from './src/shared/offline.ts';
import { APP_ENTRY, DOCUMENT_SCRIPT } from './src/shared/server-render.ts';
import { SIGNED_IN_HINT_SCRIPT } from './src/shared/signed-in-hint.ts';
import { APP_ONLY_ATTRIBUTE, INTL_WARM_UP_SCRIPT } from './src/shared/intl-warm-up.ts';
import { THEME_STYLESHEET_ID, themeStylesheet } from './src/client/app/theme-stylesheet.ts';
import { markTopLevelCallsPure } from './scripts/pure-shared-modules.ts';

/** Vite's name for the theme's CSS: a module of its own, not a file. */
const RESOLVED_THEME_STYLESHEET = '\0theme.css';

const clientOutDir = 'dist/client';
const clientSource = (file: string) =>
  fileURLToPath(new URL(`./src/client/${file}`, import.meta.url));

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** Modules only organizers load (their pages and the rich-text editor): never precached. */
const organizerOnly = (source: string) => /routes\/admin\/|RichText/.test(source);

/**
 * The files the service worker installs ahead (docs/decisions/0027): the page shell and every
 * chunk a visitor or member can reach, so /profile opens offline after one visit; the
 * organizers' pages stay out of every phone's download.
 */
function appShellFiles(): Set<string> {
  const manifest = JSON.parse(
    fs.readFileSync(`${clientOutDir}/.vite/manifest.json`, 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files = new Set(['index.html']);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
    chunk.dynamicImports?.filter((source) => !organizerOnly(source)).forEach(visit);
  };
  visit(APP_ENTRY);
  visit(DOCUMENT_SCRIPT);
  return files;
}

// The web app lives in src/client; the server serves dist/client in production, and renders
// pages with dist/ssr/entry-server.js (`vite build --ssr`, docs/decisions/0027).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [
    react(),
    {
      // Mantine's ids from React's useId, without a second drawing after the first (ADR 0051).
      name: 'mantine-react-ids',
      enforce: 'pre' as const,
      resolveId: (source: string, importer: string | undefined) =>
        source === './use-id/use-id.mjs' && importer?.includes('/@mantine/hooks/')
          ? clientSource('lib/mantine-use-id.ts')
          : null,
    },
    {
      // Building a contract module's schemas does nothing else (scripts/pure-shared-modules.ts):
      // a page downloads only the schemas it uses, and zod only when it uses one.
      name: 'pure-shared-modules',
      apply: 'build',
      transform: {
        filter: { id: /\/src\/shared\/[^?]*\.ts$/ },
        handler: (code: string) => ({ code: markTopLevelCallsPure(code), map: null }),
      },
    },
    {
      // The theme's CSS, drawn by Mantine at build time into the app's stylesheet.
      name: 'theme-stylesheet',
      resolveId: (id: string) => (id === THEME_STYLESHEET_ID ? RESOLVED_THEME_STYLESHEET : null),
      load: (id: string) => (id === RESOLVED_THEME_STYLESHEET ? themeStylesheet() : null),
    },
    {
      // First in the head, so it runs before the stylesheets arrive and before anything is painted.
      name: 'signed-in-hint',
      transformIndexHtml: () => [
        { tag: 'script', children: SIGNED_IN_HINT_SCRIPT, injectTo: 'head-prepend' as const },
        // Next, while the stylesheets download: the app's Intl start (src/shared/intl-warm-up.ts).
        {
          tag: 'script',
          attrs: { [APP_ONLY_ATTRIBUTE]: true },
          children: INTL_WARM_UP_SCRIPT,
          injectTo: 'head-prepend' as const,
        },
      ],
    },
    !isSsrBuild &&
      VitePWA({
        // The page asks before a new version takes over ('Update available'); no stale code forever.
        registerType: 'prompt',
        injectRegister: false,
        // The server serves the manifest: its name is the SITE_NAME setting.
        manifest: false,
        filename: 'sw.js',
        workbox: {
          globPatterns: ['**/*.{html,js,css}'],
          manifestTransforms: [
            (entries) => {
              const shell = appShellFiles();
              return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
            },
          ],
          maximumFileSizeToCacheInBytes: 1_000_000,
          cleanupOutdatedCaches: true,
          // The first version takes the open page at once, so the answers it fetches next are kept;
          // a page opened while it activated asks for the same (public/sw-claim.js).
          clientsClaim: true,
          importScripts: ['/sw-claim.js'],
          navigateFallback: null,
          // The precached shell is /index.html: with Workbox's default directory index, a reload
          // of / matched it and a returning visitor got the shell instead of the server's
          // document. Documents go to the network first like every page (below).
          directoryIndex: null,
          runtimeCaching: [
            {
              urlPattern: PAGES_NEVER_KEPT,
              handler: 'NetworkOnly',
              options: { precacheFallback: { fallbackURL: '/index.html' } },
            },
            {
              // Pages are rendered without the visitor's account, except /profile (the member's
              // pass, #shared/pages.ts readsSession), whose copy the page deletes whenever the
              // account changes (clearAccountData).
              urlPattern: ({ request }) => request.mode === 'navigate',
              handler: 'NetworkFirst',
              options: {
                cacheName: OFFLINE_PAGES_CACHE,
                cacheableResponse: { statuses: [200] },
                precacheFallback: { fallbackURL: '/index.html' },
              },
            },
            {
              // A code typed offline (#shared/offline.ts OFFLINE_REDEMPTION_HEADER, spelled out:
              // Workbox copies this function into the worker as text). Sent later, by the browser's
              // background sync, with the same nonce: the server answers it once.
              urlPattern: ({ request }) => request.headers.has('x-offline-redemption'),
              method: 'POST',
              handler: 'NetworkOnly',
              options: {
                backgroundSync: {
                  name: OFFLINE_REDEMPTION_QUEUE.name,
                  options: { maxRetentionTime: OFFLINE_REDEMPTION_QUEUE.maxRetentionMinutes },
                },
              },
            },
            {
              // Only GETs (Workbox's default method), never an organizer's answers nor the sign-in
              // check (src/shared/offline.ts); the page empties this cache when the account
              // changes (clearAccountData).
              urlPattern: SERVICE_WORKER_API,
              handler: 'NetworkFirst',
              options: { cacheName: OFFLINE_API_CACHE, cacheableResponse: { statuses: [200] } },
            },
          ],
        },
      }),
  ],
  build: isSsrBuild
    ? {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: 'entry-server.tsx' },
      }
    : {
        outDir: `../../${clientOutDir}`,
        emptyOutDir: true,
        sourcemap: false,
        // bench/web.ts reads which source each chunk comes from; the server which files a page needs.
        manifest: true,
        // The app's page lists no code to preload: on a phone's connection those downloads took
        // bandwidth from the stylesheets the first paint waits for, and /profile painted its pass
        // a second later (ADR 0027). A dynamic import still fetches its chunk's imports at once.
        modulePreload: {
          resolveDependencies: (_file, dependencies, { hostType }) =>
            hostType === 'html' ? [] : dependencies,
        },
        rolldownOptions: {
          input: { index: clientSource(APP_ENTRY), document: clientSource(DOCUMENT_SCRIPT) },
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
}));
