/**
 * A published file as stored (docs/decisions/0028): its SHA-256, its size, and its bytes in rows
 * of `chunkBytes` (the last one shorter), read one row at a time. votes.csv's versions and a
 * draw's entries file are served as one (public-reads/stored-file.ts sends them).
 */
export interface StoredFile {
  sha256: string;
  size: number;
  chunkBytes: number;
  chunk(seq: number): Promise<Buffer>;
}
