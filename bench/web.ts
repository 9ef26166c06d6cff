import fs from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/helpers/chromium.ts';
import { record } from './lib/report.ts';
import { median } from './lib/stats.ts';
import type { RunningServer } from '#tests/helpers/server-process.ts';

const BUNDLE_BUDGET_KB = 150;
const distDir = path.resolve('dist/client');

interface ManifestChunk {
  file: string;
  src?: string;
}

/** Source modules that only admin routes may load. */
const adminOnly = (source: string) => /routes\/admin\/|tiptap|RichText/i.test(source);

/** JS and CSS that '/' makes the browser fetch, counted as the gzip files the server sends. */
export async function benchHomeBundle(server: RunningServer) {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const sourceOf = new Map(
    Object.entries(manifest).map(([key, chunk]) => [chunk.file, chunk.src ?? key]),
  );

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const assets = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\.(js|css)$/.test(url.pathname)) assets.add(url.pathname.slice(1));
  });
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  await browser.close();

  let gzipBytes = 0;
  for (const asset of assets) {
    const file = path.join(distDir, asset);
    gzipBytes += fs.existsSync(`${file}.gz`)
      ? fs.statSync(`${file}.gz`).size
      : fs.statSync(file).size;
  }
  const leaked = [...assets].filter((asset) => adminOnly(sourceOf.get(asset) ?? asset));
  record({
    name: `JS + CSS transferred for / (gzip, ${assets.size} files)`,
    figure: gzipBytes / 1024,
    unit: 'KB',
    budget: `<= ${BUNDLE_BUDGET_KB} KB`,
    pass: gzipBytes / 1024 <= BUNDLE_BUDGET_KB,
  });
  record({
    name: 'admin and rich-text editor chunks loaded by /',
    figure: leaked.length,
    unit: 'chunks',
    budget: '0',
    pass: leaked.length === 0,
  });
}

// Lighthouse's own advice: its simulated scores vary from run to run, so take the median of
// several. A run that fails (a runtime error, no score) counts as 0 and its error is printed.
const LIGHTHOUSE_RUNS = 3;

/** Lighthouse with its default mobile settings: performance >= 90, accessibility >= 95 per page. */
export async function benchLighthouse(
  server: RunningServer,
  pages: { path: string; cookie?: string }[],
) {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    for (const { path: pagePath, cookie } of pages) {
      const scores = { performance: [] as number[], accessibility: [] as number[] };
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        const result = await lighthouse(`${server.url}${pagePath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        const error = result?.lhr.runtimeError;
        if (error)
          process.stdout.write(`  Lighthouse ${pagePath}: ${error.code} ${error.message}\n`);
        const categories = result?.lhr.categories;
        scores.performance.push(Math.round((categories?.performance?.score ?? 0) * 100));
        scores.accessibility.push(Math.round((categories?.accessibility?.score ?? 0) * 100));
      }
      const performance = median(scores.performance);
      const accessibility = median(scores.accessibility);
      const runs = `median of ${LIGHTHOUSE_RUNS}: ${scores.performance.join(', ')}`;
      record({
        name: `Lighthouse performance ${pagePath} (mobile, ${runs})`,
        figure: performance,
        unit: '/100',
        budget: '>= 90',
        pass: performance >= 90,
      });
      record({
        name: `Lighthouse accessibility ${pagePath} (mobile)`,
        figure: accessibility,
        unit: '/100',
        budget: '>= 95',
        pass: accessibility >= 95,
      });
    }
  } finally {
    chrome.kill();
  }
}
