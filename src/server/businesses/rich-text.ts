import sanitizeHtml from 'sanitize-html';

/** Colours as the editor writes them (hex, rgb/rgba, a plain name such as `inherit`); nothing else. */
const COLOR_VALUE = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+|\d{1,3}%))?\s*\)$/i,
  /^[a-z]{3,20}$/i,
];

/** data: images only of the types docs/SPEC.md section 5 allows, base64-encoded (no data:text/html, no svg). */
const SAFE_DATA_IMAGE = /^data:image\/(png|gif|jpeg|bmp|x-icon);base64,[a-z0-9+/=\s]+$/i;

function isSafeImageSource(src: string | undefined): boolean {
  if (!src) return false;
  const value = src.trim();
  if (/^data:/i.test(value)) return SAFE_DATA_IMAGE.test(value);
  return /^https?:\/\//i.test(value);
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'mark',
    'span',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    mark: ['style', 'data-color'],
    '*': ['style'],
  },
  allowedStyles: { '*': { color: COLOR_VALUE, 'background-color': COLOR_VALUE } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave the site in a new tab, pass no referrer or opener and no ranking credit.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  // An image whose source was refused (or a data: URL of a refused type) goes entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeImageSource(frame.attribs.src),
};

/**
 * docs/RULES.md rule 9: shop descriptions are untrusted HTML. Only the allowlist of docs/SPEC.md section 5
 * survives (formatting, colour, lists, links with http/https/mailto/tel, images with
 * http/https or data: png/gif/jpeg/bmp/x-icon); everything else is dropped on save.
 * Returns null when nothing is left.
 */
export function sanitizeRichText(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeHtml(html, options).trim();
  const visible = clean.replace(/<p>\s*<\/p>/g, '').trim();
  return visible === '' ? null : clean;
}
