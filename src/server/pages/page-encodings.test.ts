import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressPage, type EncodedPage } from './page-encodings.ts';

const both: EncodedPage = {
  identity: Buffer.from('page'),
  br: Buffer.from('b'),
  gzip: Buffer.from('g'),
};

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['identity;q=1, gzip;q=0.5', 'identity'],
    ['gzip;q=abc', 'identity'],
  ] as const)('%j → %s', (header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });

  it('offers only the forms the page has', () => {
    expect(chooseEncoding('br, gzip', { identity: both.identity, gzip: both.gzip })).toBe('gzip');
    expect(chooseEncoding('br, gzip', { identity: both.identity })).toBe('identity');
  });
});

describe('compressPage', () => {
  it('keeps brotli and gzip forms that decompress to the page', async () => {
    const identity = Buffer.from(`<ul>${'<li>Shop</li>'.repeat(200)}</ul>`);
    const page = await compressPage(identity);
    expect(page.identity).toBe(identity);
    expect(brotliDecompressSync(page.br!).equals(identity)).toBe(true);
    expect(gunzipSync(page.gzip!).equals(identity)).toBe(true);
  });

  it('leaves out a form that is not smaller, as the build does', async () => {
    expect(await compressPage(Buffer.from('x'))).toEqual({ identity: Buffer.from('x') });
  });
});
