import fs from 'node:fs';
import path from 'node:path';
import { normalizeIP } from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageAt } from '#shared/pages.ts';
import { languagePath, splitLanguage, type SiteLanguages } from '#shared/languages.ts';
import type { PublicReads } from '../public-reads/public-reads.ts';
import { chooseEncoding, compressPage, type EncodedPage } from './page-encodings.ts';
import { RenderAllowance, type PageRenderLimit } from './render-allowance.ts';
import { withHeadTags } from './head-tags.ts';
import { loadServerRenderer } from './server-render.ts';
import { webManifest } from './web-manifest.ts';
import { cookieLanguage, firstVisitLanguage, languageCookie } from './page-language.ts';
import { pathnameOf } from '../text.ts';

export interface SpaOptions {
  /** Built web app (dist/client); absent in API-only test runs. */
  clientDir: string;
  /** The product name (SITE_NAME) that the installed app carries. */
  siteName: string;
  /** The head tags of the page at a path (head-tags.ts: titles and link previews of documents). */
  headTags?: (pathname: string) => Promise<string>;
  /**
   * Whether a page with parameters names something the public may see (a shop of a published
   * battle); false answers 404 with the plain shell, neither rendered nor kept.
   */
  pageFound?: (pathname: string, language: string) => Promise<boolean>;
  /**
   * Server renders per address (render-allowance.ts), spent only on a page not already kept;
   * past it, the page is drawn by the browser.
   */
  pageRenderLimit: PageRenderLimit;
  /** Answers the render's reads and keeps rendered pages like the answers they show. */
  publicReads: PublicReads;
  clock: () => Date;
  /** The site's languages: every page but the default language's lives under `/{language}/`. */
  languages: SiteLanguages;
}

const NOT_BUILT_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local Battles</title></head>' +
  '<body><div id="root"></div><p>The web app is not built yet: run <code>npm run build</code>.</p></body></html>';

const HTML_LANG = /<html lang="[^"]*"/;
const MANIFEST_HREF = /(<link rel="manifest" href=")\/manifest\.webmanifest"/;

/**
 * Serves the built web app. Known page routes get the app shell with 200, other paths the same
 * shell with 404 (the app then shows '404 Page Not Found'); /api paths get JSON 404s.
 */
export const pagesPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const indexPath = path.join(options.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexPath);
  const shell = hasClient ? fs.readFileSync(indexPath, 'utf8') : NOT_BUILT_HTML;
  /** An address's language and the page registry's address for it (docs/decisions/0048). */
  const located = (url: string) => splitLanguage(pathnameOf(url), options.languages);
  /** Whether the page at this URL is drawn with the visitor's account (#shared/pages.ts). */
  const readsSession = (url: string) => pageAt(located(url).path)?.page.readsSession === true;

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: true,
      index: false,
      // Nothing under a dot directory: /.vite/manifest.json is the build's own map, not the site's.
      dotfiles: 'ignore',
      // scripts/compress-assets.mjs writes .br and .gz beside each asset at build time.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          hashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const serverRenderer = hasClient
    ? loadServerRenderer(
        options.publicReads,
        options.clientDir,
        app,
        options.clock,
        options.languages,
      )
    : null;
  if (serverRenderer) app.addHook('onReady', () => serverRenderer.load());
  const renderAllowance = new RenderAllowance(options.pageRenderLimit);

  /**
   * The page with its path's head tags (head-tags.ts: title, description, link previews, the
   * other languages' addresses) and its language on <html>.
   */
  async function withPathHeadTags(page: string, pathname: string): Promise<string> {
    const { language } = splitLanguage(pathname, options.languages);
    const withTags = withHeadTags(page, options.headTags ? await options.headTags(pathname) : '');
    const inLanguage = withTags.replace(HTML_LANG, `<html lang="${language}"`);
    // The page's language's manifest (web-manifest.ts); a language code is [a-z] alone.
    return inLanguage.replace(
      MANIFEST_HREF,
      `$1${languagePath('/manifest.webmanifest', language, options.languages.defaultLanguage)}"`,
    );
  }

  /**
   * The public pages' HTML with their content (docs/decisions/0027), kept by the public reads per
   * path like the answers it shows, so a crowd costs one render per change (kept-pages.ts); the bare
   * shell on failure, and for an address past its renders: one address cannot spend the
   * instance's CPU on renders, and its visitors still get a working page (a 429 would leave a
   * shared address's people with an error page). A page already kept costs no allowance.
   */
  async function pageHtml(request: FastifyRequest, status: number): Promise<string | EncodedPage> {
    const pathname = pathnameOf(request.url);
    const plain = () => withPathHeadTags(shell, pathname);
    if (!serverRenderer || status !== 200 || !serverRenderer.renders(request.url)) return plain();
    const key = serverRenderer.pageKey(request.url, request.headers.cookie);
    const kept = key === null ? undefined : options.publicReads.cachedPage(key);
    // An IPv6 visitor holds a whole subnet: counted per subnet, as the rate limits do.
    if (!kept && !renderAllowance.take(normalizeIP(request.ip), options.clock().getTime())) {
      return plain();
    }
    try {
      const page = await (kept ??
        options.publicReads.page(key, async () => {
          const rendered = await serverRenderer.renderPage(
            shell,
            request.url,
            request.headers.cookie,
          );
          const html = await withPathHeadTags(rendered?.html ?? shell, pathname);
          return rendered?.drawnFrom ? { html, drawnFrom: rendered.drawnFrom } : { html };
        }));
      // A member's /profile is rendered for each visit, and is the page members open most, at
      // the counter on a weak signal: it goes compressed as a kept page does (72 KB to 9).
      return readsSession(request.url) ? await compressPage(page.identity) : page;
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed; sending the app shell');
      return plain();
    }
  }

  /** The page at the request's URL: a kept one at once, else rendered or the plain shell. */
  function sendShell(request: FastifyRequest, reply: FastifyReply, status: number) {
    const firstVisit = firstVisitRedirect(request, status);
    if (firstVisit) {
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language, cookie')
        .redirect(firstVisit, 302);
    }
    // A kept page goes out in this tick, without a promise: that is most visits to a public page.
    // Only a found page is kept, and every change that could unpublish one clears what is kept.
    const kept = keptPage(request, status);
    if (kept) return sendPage(request, reply, status, kept);
    return statusOf(request, status).then(async (found) =>
      sendPage(request, reply, found, await pageHtml(request, found)),
    );
  }

  /**
   * A first visit to a default-language document goes to the same page in the language the
   * browser prefers, when the site speaks it (docs/decisions/0048-languages.md); the address
   * decides from then on. Undefined: the page is sent as asked.
   */
  function firstVisitRedirect(request: FastifyRequest, status: number): string | undefined {
    const { language, path } = located(request.url);
    if (status !== 200 || language !== options.languages.defaultLanguage) return undefined;
    if (pageAt(path)?.page.kind !== 'document') return undefined;
    const preferred = firstVisitLanguage(request.headers, options.languages);
    if (!preferred) return undefined;
    const query = request.url.slice(pathnameOf(request.url).length);
    return `${languagePath(path, preferred, options.languages.defaultLanguage)}${query}`;
  }

  /** 404 for a page whose parameters name nothing public (`pageFound`), else `status`. */
  async function statusOf(request: FastifyRequest, status: number): Promise<number> {
    if (status !== 200 || !options.pageFound) return status;
    const { path, language } = located(request.url);
    return (await options.pageFound(path, language)) ? status : 404;
  }

  /** The page already rendered and kept for this request, if any (no render, no allowance). */
  function keptPage(request: FastifyRequest, status: number): EncodedPage | undefined {
    if (!serverRenderer || status !== 200) return undefined;
    const key = serverRenderer.pageKey(request.url, request.headers.cookie);
    return key === null ? undefined : options.publicReads.keptPage(key);
  }

  /**
   * A kept page goes out in the compressed form the request accepts, as the built assets do
   * (fastify-static's preCompressed). Every page answer varies with Accept-Encoding, the plain
   * shell's too: a shared cache must not hand a compressed page to a client that cannot read it.
   */
  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    page: string | EncodedPage,
  ) {
    // A page drawn with the member's own pass is theirs alone: no shared cache, nor the
    // browser's history on a shared device, keeps it (the bare shell alike, for one rule).
    const forOneMember = status === 200 && readsSession(request.url);
    // A default-language document may instead send a first visit elsewhere by Accept-Language.
    const { language, path } = located(request.url);
    const document = status === 200 && pageAt(path)?.page.kind === 'document';
    void reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', forOneMember ? 'private, no-store' : 'no-cache')
      .header(
        'vary',
        document && language === options.languages.defaultLanguage
          ? 'accept-encoding, accept-language'
          : 'accept-encoding',
      );
    if (document && cookieLanguage(request.headers.cookie) !== language) {
      void reply.header('set-cookie', languageCookie(language));
    }
    if (typeof page === 'string') return reply.send(page);
    const encoding = chooseEncoding(request.headers['accept-encoding'], page);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.send(page[encoding] ?? page.identity);
  }

  app.get('/', { schema: { hide: true } }, (request, reply) => sendShell(request, reply, 200));

  // The installed app's manifest in each language (web-manifest.ts), the default's unprefixed.
  const { languages, defaultLanguage } = options.languages;
  for (const language of languages) {
    const manifest = JSON.stringify(webManifest(options.siteName, language, defaultLanguage));
    app.get(
      languagePath('/manifest.webmanifest', language, defaultLanguage),
      { schema: { hide: true } },
      (_request, reply) =>
        reply
          .type('application/manifest+json; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(manifest),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = pathnameOf(request.url);
    if (
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return reply.status(404).send({ message: `No API route ${request.method} ${pathname}` });
    }
    return sendShell(request, reply, pageAt(located(request.url).path) ? 200 : 404);
  });
});
