import { APP_ENTRY, DOCUMENT_SCRIPT } from '#shared/server-render.ts';
import { APP_ONLY_ATTRIBUTE } from '#shared/intl-warm-up.ts';
import { replaceLiterally } from './replace-literally.ts';

/** What dist/client/.vite/manifest.json says of one chunk. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

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

/**
 * The tags Vite writes into index.html for the app: its entry, its preloads, its stylesheet, and
 * the inline scripts only the app needs (#shared/intl-warm-up.ts).
 */
const APP_TAGS = [
  /<script type="module" crossorigin src="\/assets\/[^"]+"><\/script>\s*/g,
  /<link rel="(?:modulepreload|stylesheet)" crossorigin href="\/assets\/[^"]+">\s*/g,
  new RegExp(`<script ${APP_ONLY_ATTRIBUTE}>[^<]*</script>\\s*`, 'g'),
];
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/g;

/**
 * The shell of a public page sent as a document (docs/decisions/0027): the app's shell without
 * the app, with the small script instead, which loads the app only when something needs it. The
 * page links its styles, its own module's and the app's base, as the app would load them: files
 * every page shares and the browser keeps, not bytes each page's HTML carries again.
 */
export function documentShellMaker(manifest: Manifest) {
  const script = chunkClosure(manifest, DOCUMENT_SCRIPT);
  const [scriptFile, ...scriptImports] = script.js;
  if (!scriptFile) throw new Error(`the build has no ${DOCUMENT_SCRIPT} (vite.config.ts)`);
  const scriptTags =
    `<script type="module" crossorigin src="/${scriptFile}"></script>` +
    scriptImports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');

  return (shell: string, pageModule: string): string => {
    const css = new Set([
      ...chunkClosure(manifest, APP_ENTRY).css,
      ...chunkClosure(manifest, pageModule).css,
    ]);
    const bare = APP_TAGS.reduce((html, tag) => html.replace(tag, ''), shell).replace(NOSCRIPT, '');
    const stylesheets = [...css]
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join('');
    return replaceLiterally(bare, '</head>', `${stylesheets}${scriptTags}</head>`);
  };
}
