import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '#shared/errors.ts';
import type { StoredFile } from '../audit-trail/published-file.ts';
import { matches } from './public-cache.ts';

/** The answers `sendStoredFile` gives, for a route's response schema. */
export const storedFileResponses = {
  200: z.custom<Readable>(),
  206: z.custom<Readable>(),
  416: errorBodySchema,
};

/** A file already in memory, as one chunk. */
export function storedFileOf(bytes: Buffer, sha256: string): StoredFile {
  return { sha256, size: bytes.length, chunkBytes: bytes.length || 1, chunk: async () => bytes };
}

/** One `bytes=first-last` range (RFC 9110 14.1.2), or null to send the whole file. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  // Several ranges or another unit: the whole file, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * Sends a stored file with its hash as strong ETag (304 when the client holds it) and byte ranges
 * (206). The body is read one row per short query, each only when the client has taken the
 * previous one: no request holds a database connection, let alone a transaction, while waiting on
 * a slow client.
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  headers: Record<string, string>,
) {
  const etag = `"${file.sha256}"`;
  void reply
    .headers({ ...headers, 'cache-control': 'no-cache' })
    .header('etag', etag)
    .header('accept-ranges', 'bytes');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? byteRange(request.headers.range, file.size) : null;
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${file.size}`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ message: 'That byte range is not in the file' }));
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  if (range) void reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
  void reply.header('content-length', String(end - start + 1));
  if (end < start) return reply.send('');
  async function* bytes() {
    for (let seq = Math.floor(start / file.chunkBytes); seq * file.chunkBytes <= end; seq += 1) {
      const offset = seq * file.chunkBytes;
      const data = await file.chunk(seq);
      yield data.subarray(Math.max(0, start - offset), Math.min(data.length, end - offset + 1));
    }
  }
  return reply.send(Readable.from(bytes(), { objectMode: false, highWaterMark: 1 }));
}
