import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageAt } from '#shared/pages.ts';
import { DRAWN_AT_ATTRIBUTE, SERVER_STATE_ID } from '#shared/server-render.ts';
import type { PublicReads } from '../public-reads/public-reads.ts';
import { chunkClosure, documentShellMaker, type Manifest } from './document-shell.ts';
import { replaceLiterally } from './replace-literally.ts';
import { pathnameOf } from '../text.ts';

/** What dist/ssr/entry-server.js exports (src/client/entry-server.tsx). */
interface RendererModule {
  render(
    url: string,
    transport: (apiPath: string, init: RequestInit) => Promise<Response>,
    drawnAt: number,
  ): Promise<{ html: string; complete: boolean; state: unknown }>;
}

/** `<` cannot end the JSON's script element early. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

export interface ServerRenderer {
  /** Whether the page at this URL is rendered on the server. */
  renders(url: string): boolean;
  /**
   * What one rendered page may be kept under (the path; the query only where the page reads it),
   * or null when this URL's render serves only its own visitor.
   */
  pageKey(url: string): string | null;
  /**
   * The shell with the page's HTML inside, or null when the page is rendered in the browser.
   * Rejects when the render asked for an answer that is not a public read.
   */
  renderPage(shell: string, url: string): Promise<string | null>;
}

/**
 * The page the server renders at this URL (docs/decisions/0019; #shared/pages.ts names each one's
 * module): the HTML links that module's styles and preloads its code, so the page shows styled
 * from the first response and hydrates without a second round trip. These never read the
 * session, so one render serves every visitor; signed-in and organizer pages are drawn in the
 * browser.
 */
const pageOf = (url: string) => {
  const page = pageAt(pathnameOf(url))?.page;
  return page?.serverModule
    ? {
        module: page.serverModule,
        readsQuery: page.readsQuery,
        isDocument: page.kind === 'document',
      }
    : undefined;
};

/** The API paths one render asked for that no public read answers. */
const unansweredOfRender = new AsyncLocalStorage<string[]>();

/** Null when the web app is built without its server part (dist/ssr). */
export function loadServerRenderer(
  publicReads: PublicReads,
  clientDir: string,
  clock: () => Date,
): ServerRenderer | null {
  const rendererPath = path.join(path.dirname(clientDir), 'ssr', 'entry-server.js');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(rendererPath) || !fs.existsSync(manifestPath)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const documentShell = documentShellMaker(manifest, clientDir);
  let renderer: Promise<RendererModule> | undefined;

  /** Link tags for a module's styles and code and those of the chunks it imports (new to the shell). */
  function headTagsFor(moduleKey: string, shell: string): string {
    const { js, css } = chunkClosure(manifest, moduleKey);
    const inShell = (file: string) => shell.includes(`/${file}"`);
    return [
      ...css
        .filter((file) => !inShell(file))
        .map((file) => `<link rel="stylesheet" href="/${file}">`),
      ...js
        .filter((file) => !inShell(file))
        .map((file) => `<link rel="modulepreload" href="/${file}">`),
    ].join('');
  }

  /**
   * The public reads answer in-process, from the same cached answers the API routes send. The web
   * app's transport is one module-wide function, so which render asked is told by the async context.
   */
  async function transport(apiPath: string, init: RequestInit): Promise<Response> {
    const method = init.method ?? 'GET';
    const answer = method === 'GET' ? await publicReads.answerFor(apiPath) : undefined;
    if (!answer) {
      unansweredOfRender.getStore()?.push(`${method} ${apiPath}`);
      throw new Error(`${method} ${apiPath} is not a public read`);
    }
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  }

  return {
    renders: (url) => pageOf(url) !== undefined,
    pageKey(url) {
      const page = pageOf(url);
      if (!page) return null;
      return page.readsQuery && url.includes('?') ? null : pathnameOf(url);
    },
    async renderPage(shell, url) {
      const page = pageOf(url);
      if (!page) return null;
      renderer ??= import(pathToFileURL(rendererPath).href) as Promise<RendererModule>;
      const rendererModule = await renderer;
      // A page that ignores its query is drawn without it: one render serves `/` and `/?ref=…`.
      const location = page.readsQuery ? url : pathnameOf(url);
      const unanswered: string[] = [];
      const drawnAt = clock().getTime();
      const { html, complete, state } = await unansweredOfRender.run(unanswered, () =>
        rendererModule.render(location, transport, drawnAt),
      );
      // The web app treats a failed answer as one to fetch again in the browser; here it is a
      // page asking for something it must not, so the page is not sent (nor kept) half drawn.
      if (unanswered.length > 0) {
        throw new Error(
          `the render of ${pathnameOf(url)} asked for ${unanswered.join(', ')}, which no public read answers (src/server/public-reads/public-reads.ts)`,
        );
      }
      // A document has no app to ask again: one drawn without an answer (a shop that does not
      // exist, a read that failed) is left to the app, which shows the error or asks again.
      if (page.isDocument && !complete) return null;
      const withHead = page.isDocument
        ? documentShell(shell, page.module)
        : replaceLiterally(shell, '</head>', `${headTagsFor(page.module, shell)}</head>`);
      return replaceLiterally(
        withHead,
        '<div id="root"></div>',
        `<div id="root">${html}</div>` +
          `<script type="application/json" id="${SERVER_STATE_ID}" ${DRAWN_AT_ATTRIBUTE}="${String(drawnAt)}">${scriptSafeJson(state)}</script>`,
      );
    },
  };
}
