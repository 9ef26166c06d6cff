import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/helpers/chromium.ts';
import { record } from './lib/report.ts';
import { median } from './lib/stats.ts';
import type { RunningServer } from '#tests/helpers/server-process.ts';
import { cookiesSetBy } from './lib/cookies.ts';

// The budgets of a public page sent as a document (docs/decisions/0027-public-pages-are-documents.md).
const FIRST_TAP_JS_BUDGET_KB = 15;
const DOCUMENT_BUNDLE_BUDGET_KB = 40;
const distDir = path.resolve('dist/client');

interface ManifestChunk {
  file: string;
  src?: string;
}

/** Source modules that only admin routes may load. */
const adminOnly = (source: string) => /routes\/admin\/|tiptap|RichText/i.test(source);

/** A built asset's size as the server sends it: its gzip copy where there is one. */
function gzipSizeOf(asset: string): number {
  const file = path.join(distDir, asset);
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size;
}

const readManifest = () =>
  JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;

/** The JavaScript and CSS files a phone fetches for a page, and the styles inline in its HTML. */
async function assetsLoadedBy(server: RunningServer, pagePath: string, cookie?: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const page = await browser.newPage({
    viewport: { width: 390, height: 844 },
    ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
  });
  const assets = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\.(js|css)$/.test(url.pathname)) assets.add(url.pathname.slice(1));
  });
  await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
  // A page that sent the browser elsewhere (a member's page drawn signed out) loaded another's.
  const shownPath = new URL(page.url()).pathname;
  if (shownPath !== pagePath) throw new Error(`${pagePath} ended on ${shownPath}: not measured`);
  const inlineStyles = await page.$$eval('style', (styles) =>
    styles.map((style) => style.textContent).join('\n'),
  );
  await browser.close();
  return {
    assets,
    scripts: [...assets].filter((asset) => asset.endsWith('.js')),
    stylesheets: [...assets].filter((asset) => asset.endsWith('.css')),
    inlineStyles,
  };
}

const gzipKbOf = (files: string[]) =>
  files.reduce((total, file) => total + gzipSizeOf(file), 0) / 1024;

/**
 * What a signed-out visitor's phone downloads for a public page before any tap: the JavaScript
 * files it fetches, and with them the styles (files, and those inline in the HTML), gzip.
 */
export async function benchPageBundle(server: RunningServer, pagePath: string) {
  const sourceOf = new Map(
    Object.entries(readManifest()).map(([key, chunk]) => [chunk.file, chunk.src ?? key]),
  );
  const { assets, scripts, stylesheets, inlineStyles } = await assetsLoadedBy(server, pagePath);
  const jsKb = gzipKbOf(scripts);
  const allKb = jsKb + gzipKbOf(stylesheets) + gzipSync(inlineStyles).length / 1024;
  record({
    name: `JS before the first tap on ${pagePath}, signed out (gzip, ${scripts.length} files)`,
    figure: jsKb,
    unit: 'KB',
    budget: `<= ${FIRST_TAP_JS_BUDGET_KB} KB`,
    pass: jsKb <= FIRST_TAP_JS_BUDGET_KB,
  });
  record({
    name: `JS + CSS for ${pagePath}, signed out (gzip, styles inline and ${stylesheets.length} files)`,
    figure: allKb,
    unit: 'KB',
    budget: `<= ${DOCUMENT_BUNDLE_BUDGET_KB} KB`,
    pass: allKb <= DOCUMENT_BUNDLE_BUDGET_KB,
  });
  const leaked = [...assets].filter((asset) => adminOnly(sourceOf.get(asset) ?? asset));
  record({
    name: `admin and rich-text editor chunks loaded by ${pagePath}`,
    figure: leaked.length,
    unit: 'chunks',
    budget: '0',
    pass: leaked.length === 0,
  });
}

/** zod's own code: its core names each schema's internals `_zod`, which no other chunk holds. */
const isZodChunk = (asset: string) =>
  fs.readFileSync(path.join(distDir, asset), 'utf8').includes('._zod');

/**
 * The chunks with zod that a page loads before any tap (docs/decisions/0051): a member's pass
 * builds no schema until a form is opened.
 */
export async function benchNoSchemasOn(server: RunningServer, pagePath: string, cookie: string) {
  const { scripts } = await assetsLoadedBy(server, pagePath, cookie);
  const zodChunks = scripts.filter(isZodChunk);
  record({
    name: `zod chunks loaded by ${pagePath} for a member with a pass, before any tap`,
    figure: zodChunks.length,
    unit: 'chunks',
    budget: '0',
    pass: zodChunks.length === 0,
  });
}

// Lighthouse's own advice: its simulated scores vary from run to run, so take the median of
// several. A run that fails (a runtime error, no score) counts as 0 and its error is printed.
const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_RETRIES = 2;

/** What each category must score (docs/decisions/0027-public-pages-are-documents.md); performance per page. */
const CATEGORY_BUDGETS = { accessibility: 100, 'best-practices': 95, seo: 95 } as const;
type Category = 'performance' | keyof typeof CATEGORY_BUDGETS;

/** A public page sent as a document must also paint its largest part fast, never block, never jump. */
export const DOCUMENT_METRIC_BUDGETS = [
  { audit: 'largest-contentful-paint', label: 'LCP', unit: 'ms', budget: 1_800 },
  { audit: 'total-blocking-time', label: 'TBT', unit: 'ms', budget: 50 },
  { audit: 'cumulative-layout-shift', label: 'CLS', unit: '', budget: 0.02 },
] as const;

/**
 * Puts a member's cookies in the browser's own cookie jar, as their phone holds them. Lighthouse's
 * `extraHeaders` Cookie lost to the jar's: once a public page had set its language cookie
 * (`lb.lang`), a member's /profile was requested signed out and measured as the redirect to /auth.
 * Lighthouse's storage reset between runs leaves cookies, so they stand for every run of the page.
 */
async function putCookiesInBrowser(port: number, url: string, cookie: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${String(port)}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error('the browser has no default context');
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url };
      }),
    );
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse with its default mobile settings, the median of several runs per page: performance
 * at least the page's own budget, accessibility 100, best practices and SEO at least 95.
 */
export async function benchLighthouse(
  server: RunningServer,
  pages: {
    path: string;
    performanceBudget: number;
    cookie?: string;
    /** Told apart in the report: the same path in another state ('shop open'). */
    state?: string;
    /** Puts the site in that state before the page's runs. */
    prepare?: () => Promise<void>;
    /** A document page (docs/decisions/0027): LCP, TBT and CLS have budgets too. */
    isDocument?: boolean;
    /** A page used at the counter (/profile): its TBT has the documents' budget too. */
    mustNotBlock?: boolean;
  }[],
) {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    for (const page of pages) {
      const { path: pagePath, performanceBudget, cookie, state, prepare, isDocument } = page;
      await prepare?.();
      if (cookie) await putCookiesInBrowser(chrome.port, server.url, cookie);
      const shown = state ? `${pagePath} (${state})` : pagePath;
      const categories: Category[] = [
        'performance',
        ...Object.keys(CATEGORY_BUDGETS),
      ] as Category[];
      const scores = Object.fromEntries(categories.map((category) => [category, [] as number[]]));
      const metrics = Object.fromEntries(
        DOCUMENT_METRIC_BUDGETS.map(({ audit }) => [audit, [] as number[]]),
      );
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        const lighthouseRun = () =>
          lighthouse(`${server.url}${pagePath}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: categories,
          });
        let result = await lighthouseRun();
        // A run whose trace failed (NO_NAVSTART: 'Please run Lighthouse again') measured nothing:
        // it is run again, a few times at most, and only then counts as a score of 0.
        for (let retry = 0; result?.lhr.runtimeError && retry < LIGHTHOUSE_RETRIES; retry += 1) {
          const error = result.lhr.runtimeError;
          process.stdout.write(`  Lighthouse ${pagePath}: ${error.code}, run again\n`);
          result = await lighthouseRun();
        }
        const error = result?.lhr.runtimeError;
        if (error)
          process.stdout.write(`  Lighthouse ${pagePath}: ${error.code} ${error.message}\n`);
        // A page that sent the browser elsewhere (a member's page drawn signed out, then /auth)
        // measured another page than its row names.
        const shownPath = result && new URL(result.lhr.finalDisplayedUrl).pathname;
        if (shownPath && shownPath !== pagePath)
          throw new Error(
            `Lighthouse ${pagePath} ended on ${shownPath}: the page was not measured`,
          );
        for (const category of categories) {
          const score = result?.lhr.categories[category]?.score ?? 0;
          scores[category]?.push(Math.round(score * 100));
        }
        for (const { audit } of DOCUMENT_METRIC_BUDGETS) {
          metrics[audit]?.push(result?.lhr.audits[audit]?.numericValue ?? Infinity);
        }
      }
      const metricBudgets = isDocument
        ? DOCUMENT_METRIC_BUDGETS
        : page.mustNotBlock
          ? DOCUMENT_METRIC_BUDGETS.filter(({ label }) => label === 'TBT')
          : [];
      // A page that must not block also says where the rest of its score goes: its paints.
      if (!isDocument && page.mustNotBlock) {
        for (const { audit, label } of DOCUMENT_METRIC_BUDGETS.filter(
          ({ unit }) => unit === 'ms',
        )) {
          if (label === 'TBT') continue;
          record({
            name: `Lighthouse ${label} ${shown} (mobile, median of ${LIGHTHOUSE_RUNS})`,
            figure: Math.round(median(metrics[audit] ?? [])),
            unit: 'ms',
            budget: 'reported (the documents budget 1800 ms)',
            pass: true,
          });
        }
      }
      for (const { audit, label, unit, budget } of metricBudgets) {
        const figure = median(metrics[audit] ?? []);
        record({
          name: `Lighthouse ${label} ${shown} (mobile, median of ${LIGHTHOUSE_RUNS})`,
          figure: unit === 'ms' ? Math.round(figure) : Math.round(figure * 1000) / 1000,
          unit,
          budget: `<= ${budget}${unit ? ` ${unit}` : ''}`,
          pass: figure <= budget,
        });
      }
      for (const category of categories) {
        const figure = median(scores[category] ?? []);
        const budget = category === 'performance' ? performanceBudget : CATEGORY_BUDGETS[category];
        record({
          name: `Lighthouse ${category} ${shown} (mobile, median of ${LIGHTHOUSE_RUNS}: ${(scores[category] ?? []).join(', ')})`,
          figure,
          unit: '/100',
          budget: `>= ${budget}`,
          pass: figure >= budget,
        });
      }
    }
  } finally {
    chrome.kill();
  }
}

/**
 * Sets a shop's hours as its organizer does, so its page shows 'Open now' or 'Closed now'. Hours
 * that are open or closed all day set the state whatever the hour of the run; the organizer's
 * change reaches the public answers through the same change notifications as any edit.
 */
export async function shopHoursSetter(
  server: RunningServer,
  organizer: { username: string; password: string },
  shopId: number,
) {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(organizer),
  });
  if (!login.ok) throw new Error(`organizer sign-in: ${String(login.status)}`);
  const cookie = cookiesSetBy(login);
  return async (state: 'open' | 'closed') => {
    const answer = await fetch(`${server.url}/api/admin/businesses/${String(shopId)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify({
        hours: JSON.stringify({ Daily: state === 'open' ? 'Open 24 hours' : 'Closed' }),
      }),
    });
    if (!answer.ok) throw new Error(`shop hours: ${String(answer.status)} ${await answer.text()}`);
    // Past the public reads' one-second cache (README 'Public reads').
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  };
}

/**
 * What the languages cost the web app (docs/decisions/0048-languages.md): the JavaScript an app
 * page fetches in another language beside the same page in the default one: the difference is
 * that language's compiled catalog (FormatJS's runtime is in both).
 */
export async function benchLanguageCost(server: RunningServer, pagePath: string, language: string) {
  const own = await assetsLoadedBy(server, pagePath);
  const other = await assetsLoadedBy(server, `/${language}${pagePath}`);
  const ownKb = gzipKbOf(own.scripts);
  const otherKb = gzipKbOf(other.scripts);
  record({
    name: `JS of the app page ${pagePath} in '${language}' (gzip, ${other.scripts.length} files)`,
    figure: otherKb,
    unit: 'KB',
    peer: { name: 'the same page in the default language', figure: ownKb },
    budget: "reported (the other language's compiled catalog)",
    pass: true,
  });
}
