import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inSpanish } from '#tests/helpers/spanish-intl.ts';
import { checkDraw, drawEntriesCsv, drawWinners, parseDrawEntriesCsv } from './draws.ts';
import type { PublicDraw } from './draws.ts';

const seed = 'ab'.repeat(32);
const entries = Array.from({ length: 12 }, (_, index) => ({
  entryId: String(index + 1),
  // Six passes with two entries each: a pass is taken once however many entries it has.
  pass: `pass${index % 6}`.padEnd(16, '0'),
}));

/** The published rule once more, with node:crypto, to hold the WebCrypto code to it. */
function expectedWinners(winnerCount: number) {
  const ordered = entries
    .map((entry) => ({
      pass: entry.pass,
      order: createHmac('sha256', Buffer.from(seed, 'hex')).update(entry.entryId).digest('hex'),
    }))
    .sort((a, b) => a.order.localeCompare(b.order));
  return [...new Set(ordered.map((row) => row.pass))].slice(0, winnerCount);
}

const encode = (text: string) => new TextEncoder().encode(text);

async function published(winnerCount: number): Promise<{ draw: PublicDraw; file: string }> {
  const file = drawEntriesCsv(entries);
  return {
    file,
    draw: {
      id: 1,
      prize: 'Mug',
      winnerCount,
      entries: 'coupons',
      commitment: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
      seed,
      entriesCsvSha256: createHash('sha256').update(file).digest('hex'),
      winners: await drawWinners(seed, entries, winnerCount),
      createdAt: '2026-07-01T00:00:00.000Z',
      revealedAt: '2026-08-01T00:01:00.000Z',
    },
  };
}

describe('prize draw winners (docs/RULES.md rule 19)', () => {
  it('follow the HMAC-SHA256 order, each pass once, up to the winner count or the rows’ end', async () => {
    expect(await drawWinners(seed, entries, 3)).toEqual(expectedWinners(3));
    expect(await drawWinners(seed, entries, 50)).toEqual(expectedWinners(6));
    expect(await drawWinners(seed, entries, 50)).toHaveLength(6);
    expect(await drawWinners(seed, [], 2)).toEqual([]);
  });

  it('the entries file reads back to its entries', () => {
    const file = drawEntriesCsv(entries);
    expect(file.startsWith('entry_id,pass\r\n')).toBe(true);
    expect(parseDrawEntriesCsv(file)).toEqual(entries);
    expect(() => parseDrawEntriesCsv('id,who\r\n1,x\r\n')).toThrow();
  });
});

describe('checkDraw, behind the results page’s Verify', () => {
  it('passes a draw as published', async () => {
    const { draw, file } = await published(3);
    expect(await checkDraw(draw, encode(file))).toEqual({ matches: true, problems: [] });
  });

  it('fails a seed that is not the committed one, a changed file, or other winners', async () => {
    const { draw, file } = await published(3);
    const otherSeed = { ...draw, seed: 'cd'.repeat(32) };
    expect((await checkDraw(otherSeed, encode(file))).problems).toContain(
      'The seed does not match the commitment',
    );
    const changed = file.replace('pass1', 'pass7');
    expect((await checkDraw(draw, encode(changed))).problems).toContain(
      'The entries file does not match its published hash',
    );
    const reordered = { ...draw, winners: [...draw.winners!].reverse() };
    expect(await checkDraw(reordered, encode(file))).toEqual({
      matches: false,
      problems: ['The recomputed winners differ from the published ones'],
    });
    expect((await checkDraw({ ...draw, seed: null }, encode(file))).matches).toBe(false);
  });

  it('names its problems in the page’s language', async () => {
    const { draw, file } = await published(3);
    const otherSeed = { ...draw, seed: 'cd'.repeat(32), winners: [...draw.winners!].reverse() };
    expect((await checkDraw(otherSeed, encode(`${file}x`), inSpanish)).problems).toEqual([
      'La semilla no coincide con el compromiso',
      'El archivo de participaciones no coincide con su hash publicado',
      'No se puede leer el archivo de participaciones',
    ]);
    expect((await checkDraw(otherSeed, encode(file), inSpanish)).problems).toEqual([
      'La semilla no coincide con el compromiso',
      'Los ganadores recalculados no coinciden con los publicados',
    ]);
    expect((await checkDraw({ ...draw, seed: 'zz' }, encode(file), inSpanish)).problems).toEqual([
      'La semilla no está en hexadecimal',
    ]);
    expect((await checkDraw({ ...draw, seed: null }, encode(file), inSpanish)).problems).toEqual([
      'El sorteo todavía no se ha revelado',
    ]);
  });
});
