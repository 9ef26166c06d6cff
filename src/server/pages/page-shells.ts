import fs from 'node:fs';
import path from 'node:path';
import { replaceLiterally } from './replace-literally.ts';

/** What dist/client/.vite/manifest.json says of one chunk. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The app's own entry, and the public pages' small script (vite.config.ts builds both). */
export const APP_ENTRY = 'index.html';
export const DOCUMENT_SCRIPT = 'document/main.ts';

/** A chunk's code and styles with those of every chunk it imports, in import order. */
export function chunkClosure(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}

/** The tags Vite writes into index.html for the app: its entry and preloads, its stylesheet. */
const APP_SCRIPTS = [
  /<script type="module" crossorigin src="\/assets\/[^"]+"><\/script>\s*/g,
  /<link rel="modulepreload" crossorigin href="\/assets\/[^"]+">\s*/g,
];
const APP_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/assets\/[^"]+">\s*/g;
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/g;

/**
 * The shells of the pages the server draws (docs/decisions/0027). Each carries its page's styles
 * inline, the app's base and the page module's as the app would load them, so no stylesheet is
 * waited for before the first paint.
 * - `document`: a public page; the app's shell without the app, with the small script instead,
 *   which loads the app only when something needs it.
 * - `app`: a page the app hydrates at once (checkout, the member's profile), its module's code
 *   preloaded beside the app's.
 */
export function pageShellMaker(manifest: Manifest, clientDir: string) {
  const styles = new Map<string, string>();
  const styleOf = (file: string) => {
    let text = styles.get(file);
    if (text === undefined) {
      text = fs.readFileSync(path.join(clientDir, file), 'utf8');
      styles.set(file, text);
    }
    return text;
  };
  const inlineStyles = (pageModule: string) => {
    const css = new Set([
      ...chunkClosure(manifest, APP_ENTRY).css,
      ...chunkClosure(manifest, pageModule).css,
    ]);
    return `<style>${[...css].map(styleOf).join('\n')}</style>`;
  };
  const script = chunkClosure(manifest, DOCUMENT_SCRIPT);
  const [scriptFile, ...scriptImports] = script.js;
  if (!scriptFile) throw new Error(`the build has no ${DOCUMENT_SCRIPT} (vite.config.ts)`);
  const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
  const scriptTags =
    `<script type="module" crossorigin src="/${scriptFile}"></script>` +
    scriptImports.map(preload).join('');

  return {
    document(shell: string, pageModule: string): string {
      const bare = [...APP_SCRIPTS, APP_STYLESHEET, NOSCRIPT].reduce(
        (html, tag) => html.replace(tag, ''),
        shell,
      );
      return replaceLiterally(bare, '</head>', `${inlineStyles(pageModule)}${scriptTags}</head>`);
    },
    app(shell: string, pageModule: string): string {
      const preloads = chunkClosure(manifest, pageModule)
        .js.filter((file) => !shell.includes(`/${file}"`))
        .map(preload)
        .join('');
      return replaceLiterally(
        shell.replace(APP_STYLESHEET, ''),
        '</head>',
        `${inlineStyles(pageModule)}${preloads}</head>`,
      );
    },
  };
}
