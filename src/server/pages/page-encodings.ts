import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Compressed forms of a kept page, in the order the server prefers them. */
const ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof ENCODINGS)[number] | 'identity';

/**
 * A page's bytes as sent without compression, and the compressed forms that came out smaller.
 * Kept pages carry both (docs/decisions/0027); a page rendered for one visit only its identity.
 */
export interface EncodedPage {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The page with its brotli and gzip forms, compressed once when it is kept instead of per visit.
 * On zlib's thread pool, so the event loop serves other requests meanwhile. Brotli at a moderate
 * quality: the build's assets get the highest (scripts/compress-assets.mjs), but a page is
 * compressed again after every change, while visitors wait. As the build does, a form that is
 * not smaller is left out.
 */
export async function compressPage(identity: Buffer): Promise<EncodedPage> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity),
  ]);
  return {
    identity,
    ...(br.length < identity.length ? { br } : {}),
    ...(gz.length < identity.length ? { gzip: gz } : {}),
  };
}

/** Accept-Encoding headers already read: browsers send a handful of distinct ones. */
const weightsOfHeader = new Map<string, ReadonlyMap<string, number>>();
const MAX_HEADERS_KEPT = 64;

/** Each coding's weight in an Accept-Encoding header, read once per distinct header. */
function weights(acceptEncoding: string): ReadonlyMap<string, number> {
  let weighted = weightsOfHeader.get(acceptEncoding);
  if (!weighted) {
    // The header comes from visitors: the map never grows past a bound.
    if (weightsOfHeader.size >= MAX_HEADERS_KEPT) weightsOfHeader.clear();
    weighted = parseWeights(acceptEncoding);
    weightsOfHeader.set(acceptEncoding, weighted);
  }
  return weighted;
}

/** Each coding's weight in an Accept-Encoding header (`br;q=0.8, gzip` → br 0.8, gzip 1). */
function parseWeights(acceptEncoding: string): Map<string, number> {
  const weighted = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    // A weight that does not parse counts as refusal: identity is always the safe answer.
    weighted.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  return weighted;
}

/**
 * The form of `page` to send for a request's Accept-Encoding (RFC 9110 §12.5.3): the highest
 * weighted coding the page has, br before gzip on a tie, `*` standing for codings not named, and
 * q=0 refusing one. Identity when the header is absent, nothing offered is accepted, or the header
 * weights identity itself above every offered coding.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  page: EncodedPage,
): PageEncoding {
  if (!acceptEncoding) return 'identity';
  const weighted = weights(acceptEncoding);
  let chosen: PageEncoding = 'identity';
  let best = weighted.get('identity') ?? 0;
  for (const encoding of ENCODINGS) {
    const weight = weighted.get(encoding) ?? weighted.get('*') ?? 0;
    if (page[encoding] && weight > best) {
      chosen = encoding;
      best = weight;
    }
  }
  return chosen;
}
