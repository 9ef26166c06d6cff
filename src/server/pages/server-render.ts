import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { SERVER_STATE_ID } from '#shared/server-render.ts';
import { replaceLiterally } from './replace-literally.ts';
import { pathnameOf } from '../text.ts';

/** What dist/ssr/entry-server.js exports (src/client/entry-server.tsx). */
interface RendererModule {
  render(
    url: string,
    transport: (apiPath: string, init: RequestInit) => Promise<Response>,
  ): Promise<{ html: string; state: unknown }>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * The public pages rendered on the server (docs/decisions/0019), each with the web app module
 * that draws it: the HTML links that module's styles and preloads its code, so the page shows
 * styled from the first response and hydrates without waiting for a second round trip.
 * Signed-in and organizer pages depend on the account and stay rendered in the browser.
 */
const SERVER_RENDERED_PAGES = [
  { pattern: /^\/(battles\/coffee\/?)?$/, module: 'app/routes/home.tsx' },
  { pattern: /^\/battles\/?$/, module: 'app/routes/battles.tsx' },
  { pattern: /^\/business\/[1-9][0-9]{0,9}\/?$/, module: 'app/routes/business.tsx' },
  { pattern: /^\/checkout\/?$/, module: 'app/routes/checkout.tsx' },
];

/** `<` cannot end the JSON's script element early. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

export interface ServerRenderer {
  /** Whether the page at this URL is rendered on the server. */
  renders(url: string): boolean;
  /** The shell with the page's HTML inside, or null when the page is rendered in the browser. */
  renderPage(shell: string, url: string): Promise<string | null>;
}

const pageOf = (url: string) => {
  const pathname = pathnameOf(url);
  return SERVER_RENDERED_PAGES.find(({ pattern }) => pattern.test(pathname));
};

/** Null when the web app is built without its server part (dist/ssr). */
export function loadServerRenderer(app: FastifyInstance, clientDir: string): ServerRenderer | null {
  const rendererPath = path.join(path.dirname(clientDir), 'ssr', 'entry-server.js');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(rendererPath) || !fs.existsSync(manifestPath)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  let renderer: Promise<RendererModule> | undefined;

  /** Link tags for a module's styles and code and those of the chunks it imports (new to the shell). */
  function headTagsFor(moduleKey: string, shell: string): string {
    const css = new Set<string>();
    const js = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      chunk.css?.forEach((file) => css.add(file));
      chunk.imports?.forEach(visit);
    };
    visit(moduleKey);
    const inShell = (file: string) => shell.includes(`/${file}"`);
    return [
      ...[...css]
        .filter((file) => !inShell(file))
        .map((file) => `<link rel="stylesheet" href="/${file}">`),
      ...[...js]
        .filter((file) => !inShell(file))
        .map((file) => `<link rel="modulepreload" href="/${file}">`),
    ].join('');
  }

  // The public reads answer in-process, through the same routes, cache and headers as over HTTP.
  async function transport(apiPath: string): Promise<Response> {
    const answer = await app.inject({
      method: 'GET',
      url: apiPath,
      headers: { accept: 'application/json' },
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  }

  return {
    renders: (url) => pageOf(url) !== undefined,
    async renderPage(shell, url) {
      const page = pageOf(url);
      if (!page) return null;
      renderer ??= import(pathToFileURL(rendererPath).href) as Promise<RendererModule>;
      const { html, state } = await (await renderer).render(url, transport);
      const withHead = replaceLiterally(
        shell,
        '</head>',
        `${headTagsFor(page.module, shell)}</head>`,
      );
      return replaceLiterally(
        withHead,
        '<div id="root"></div>',
        `<div id="root">${html}</div>` +
          `<script type="application/json" id="${SERVER_STATE_ID}">${scriptSafeJson(state)}</script>`,
      );
    },
  };
}
