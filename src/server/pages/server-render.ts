import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { pageAt } from '#shared/pages.ts';
import { splitLanguage, type SiteLanguages } from '#shared/languages.ts';
import { endpointsWhere } from '#shared/endpoints.ts';
import { OFFLINE_READABLE_API } from '#shared/offline.ts';
import {
  DRAWN_AT_ATTRIBUTE,
  type DrawnFor,
  SERVER_ANSWERS_ID,
  SERVER_STATE_ID,
  type ServedAnswer,
} from '#shared/server-render.ts';
import { sessionCookieIn } from '../auth/session.ts';
import { answerText, type PublicReads } from '../public-reads/public-reads.ts';
import type { DrawnFrom } from './kept-pages.ts';
import { chunkClosure, documentShellMaker, type Manifest } from './document-shell.ts';
import { renderContextStore } from './render-context.ts';
import { replaceLiterally } from './replace-literally.ts';
import { pathnameOf } from '../text.ts';

/** What dist/ssr/entry-server.js exports (src/client/entry-server.tsx). */
interface RendererModule {
  /** Null when a page drawn for the member finds nobody signed in. */
  render(
    url: string,
    transport: (apiPath: string, init: RequestInit) => Promise<Response>,
    drawnAt: number,
    options: { drawnFor: DrawnFor; language: { language: string; basename: string } },
  ): Promise<{ html: string; complete: boolean; state: unknown } | null>;
}

/** Whether a request's Cookie header carries a session cookie (valid or not: its routes decide). */
const hasSessionCookie = (cookie: string | undefined) => sessionCookieIn(cookie) !== undefined;

/** `<` cannot end the JSON's script element early. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

export interface ServerRenderer {
  /** Whether the page at this URL is rendered on the server. */
  renders(url: string): boolean;
  /**
   * What one rendered page may be kept under (the path with its language's prefix, so each
   * language's page is kept apart; the query only where the page reads it;
   * apart for visitors without a session where the page is drawn signed out for them), or null
   * when this URL's render serves only its own visitor.
   */
  pageKey(url: string, cookie: string | undefined): string | null;
  /**
   * The shell with the page's HTML inside, or null when the page is rendered in the browser
   * (a page that reads the session, for a visitor without one). `cookie`: the request's Cookie
   * header, read only by such a page and, for whether a session is there, by a page drawn signed
   * out. Rejects when the render asked for an answer that is
   * neither a public read nor one of the visitor's own (`VISITOR_READS`).
   */
  renderPage(shell: string, url: string, cookie: string | undefined): Promise<RenderedPage | null>;
  /**
   * Loads the web app's server part. Before the server listens: loading it compiles React's
   * server renderer, half a second of blocked event loop that the first visitor's render would
   * otherwise spend while every other request on the instance waits (BENCHMARKS.md, the evening).
   */
  load(): Promise<void>;
}

/** A page's HTML, and the public answers it was drawn from when none was the visitor's own. */
export interface RenderedPage {
  html: string;
  drawnFrom?: DrawnFrom;
}

/**
 * The page the server renders at this URL (docs/decisions/0027; #shared/pages.ts names each one's
 * module): the HTML links that module's styles, so the page shows styled from the first response
 * (its code is not preloaded, ADR 0027). Most never read the session, so one render serves every
 * visitor; a page that does (`readsSession`: /profile) is rendered for each member's visit alone;
 * organizer pages are drawn in the browser.
 */
const pageOf = (url: string, languages: SiteLanguages) => {
  const page = pageAt(splitLanguage(pathnameOf(url), languages).path)?.page;
  return page?.serverModule
    ? {
        module: page.serverModule,
        readsQuery: page.readsQuery === true,
        readsSession: page.readsSession === true,
        drawnSignedOut: page.drawnSignedOut === true,
        isDocument: page.kind === 'document',
      }
    : undefined;
};

/**
 * The visitor's own answers a page that reads the session may render with (#shared/endpoints.ts
 * `profileRender`): the sign-in check and the member's pass, coupons and votes, draw entries and
 * email settings (what /profile asks for).
 */
const VISITOR_READS = new Set(
  endpointsWhere((endpoint) => endpoint.profileRender === true).map((endpoint) => endpoint.path),
);

interface RenderContext {
  /** The API paths the render asked for that it may not read. */
  unanswered: string[];
  /** The visitor's Cookie header, for a page that reads the session; else undefined. */
  cookie: string | undefined;
  /** The answers that page was drawn with that the member reads offline (SERVER_ANSWERS_ID). */
  offlineAnswers: ServedAnswer[];
  /** The page's language: the public answers speak it, and the visitor's own reads are asked in it. */
  language: string;
  /** The public answers the render read, by API path (`answerText`). */
  publicAnswers: Map<string, string>;
}

const renderContext = renderContextStore<RenderContext>();

/** Null when the web app is built without its server part (dist/ssr). */
export function loadServerRenderer(
  publicReads: PublicReads,
  clientDir: string,
  app: FastifyInstance,
  clock: () => Date,
  languages: SiteLanguages,
): ServerRenderer | null {
  const rendererPath = path.join(path.dirname(clientDir), 'ssr', 'entry-server.js');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(rendererPath) || !fs.existsSync(manifestPath)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const documentShell = documentShellMaker(manifest);
  let renderer: Promise<RendererModule> | undefined;
  const loadRenderer = () =>
    (renderer ??= import(pathToFileURL(rendererPath).href) as Promise<RendererModule>);

  /**
   * Link tags for a module's styles and those of the chunks it imports (new to the shell). Its
   * code is not preloaded: on a phone's connection the preloads took bandwidth from the
   * stylesheets the page waits for, and a drawn page is read before it is tapped (ADR 0027).
   */
  function headTagsFor(moduleKey: string, shell: string): string {
    const inShell = (file: string) => shell.includes(`/${file}"`);
    return chunkClosure(manifest, moduleKey)
      .css.filter((file) => !inShell(file))
      .map((file) => `<link rel="stylesheet" href="/${file}">`)
      .join('');
  }

  /**
   * The visitor's own read, asked of its route in-process (`app.inject`) with nothing of the
   * request but its Cookie header: the route's own session lookup, guard and answer schema decide
   * what it shows, exactly as for the browser's request, so the HTML can hold no other account's
   * data and no second copy of those rules can drift from the routes'.
   */
  async function visitorRead(apiPath: string, cookie: string, language: string): Promise<Response> {
    const answer = await app.inject({
      method: 'GET',
      url: apiPath,
      headers: { cookie, 'accept-language': language },
    });
    const date = answer.headers.date;
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(typeof date === 'string' ? { date } : {}),
      },
    });
  }

  /**
   * The public reads answer in-process, from the same cached answers the API routes send; a page
   * that reads the session also gets the visitor's own reads. The web app's transport is one
   * module-wide function, so which render asked is told by the async context.
   */
  async function transport(apiPath: string, init: RequestInit): Promise<Response> {
    const method = init.method ?? 'GET';
    const context = renderContext.current();
    const response = await answerOfRender(method, apiPath, context);
    if (context?.cookie !== undefined && response.ok && OFFLINE_READABLE_API.test(apiPath)) {
      context.offlineAnswers.push({
        url: apiPath,
        body: await response.clone().json(),
        date: response.headers.get('date') ?? new Date().toUTCString(),
      });
    }
    return response;
  }

  async function answerOfRender(
    method: string,
    apiPath: string,
    context: RenderContext | undefined,
  ): Promise<Response> {
    if (method === 'GET' && context?.cookie !== undefined && VISITOR_READS.has(apiPath)) {
      return visitorRead(apiPath, context.cookie, context.language);
    }
    const answer =
      method === 'GET' && context
        ? await publicReads.answerFor(apiPath, context.language)
        : undefined;
    if (!answer) {
      context?.unanswered.push(`${method} ${apiPath}`);
      throw new Error(`${method} ${apiPath} is neither a public read nor the visitor's own`);
    }
    context?.publicAnswers.set(apiPath, answerText(answer));
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  }

  return {
    load: async () => {
      await loadRenderer();
    },
    renders: (url) => pageOf(url, languages) !== undefined,
    pageKey(url, cookie) {
      const page = pageOf(url, languages);
      if (!page || page.readsSession) return null;
      if (page.readsQuery && url.includes('?')) return null;
      const pathname = pathnameOf(url);
      return page.drawnSignedOut && !hasSessionCookie(cookie) ? `${pathname} signed out` : pathname;
    },
    async renderPage(shell, url, cookie) {
      const page = pageOf(url, languages);
      if (!page) return null;
      // Nobody signed in: the browser draws the page, whose guard sends the visitor to sign in.
      if (page.readsSession && !cookie) return null;
      const rendererModule = await loadRenderer();
      // A page that ignores its query is drawn without it: one render serves `/` and `/?ref=…`.
      const location = page.readsQuery ? url : pathnameOf(url);
      // The address keeps its language's prefix (kept apart per language by `pageKey`); the
      // router reads it as its basename (docs/decisions/0048-languages.md).
      const { language, basename } = splitLanguage(pathnameOf(url), languages);
      const context: RenderContext = {
        language,
        unanswered: [],
        cookie: page.readsSession ? cookie : undefined,
        offlineAnswers: [],
        publicAnswers: new Map(),
      };
      const drawnAt = clock().getTime();
      const drawnFor: DrawnFor = page.readsSession
        ? 'member'
        : page.drawnSignedOut && !hasSessionCookie(cookie)
          ? 'signed-out'
          : 'everyone';
      const rendered = await renderContext.run(context, () =>
        rendererModule.render(location, transport, drawnAt, {
          drawnFor,
          language: { language, basename },
        }),
      );
      // The web app treats a failed answer as one to fetch again in the browser; here it is a
      // page asking for something it must not, so the page is not sent (nor kept) half drawn.
      if (context.unanswered.length > 0) {
        throw new Error(
          `the render of ${pathnameOf(url)} asked for ${context.unanswered.join(', ')}, which neither a public read (src/server/public-reads/public-reads.ts) nor the visitor's own reads answer`,
        );
      }
      if (!rendered) return null;
      const { html, complete, state } = rendered;
      // A document has no app to ask again: one drawn without an answer (a shop that does not
      // exist, a read that failed) is left to the app, which shows the error or asks again.
      if (page.isDocument && !complete) return null;
      const withHead = page.isDocument
        ? documentShell(shell, page.module)
        : replaceLiterally(shell, '</head>', `${headTagsFor(page.module, shell)}</head>`);
      const pageHtml = replaceLiterally(
        withHead,
        '<div id="root"></div>',
        `<div id="root">${html}</div>` +
          `<script type="application/json" id="${SERVER_STATE_ID}" ${DRAWN_AT_ATTRIBUTE}="${String(drawnAt)}">${scriptSafeJson(state)}</script>` +
          (page.readsSession
            ? `<script type="application/json" id="${SERVER_ANSWERS_ID}">${scriptSafeJson(context.offlineAnswers)}</script>`
            : ''),
      );
      return page.readsSession
        ? { html: pageHtml }
        : { html: pageHtml, drawnFrom: { language, answers: context.publicAnswers } };
    },
  };
}
