import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../project-root.ts';

/**
 * Every email enters mail_outbox through mail/outbox.ts (docs/decisions/0012): its allowance,
 * its order behind account mail and the tombstone rule live there, so another INSERT would
 * bypass them. Reading, erasing and updating rows elsewhere (retention, deletion, the export,
 * metrics) is fine; tests may still write fixture rows.
 */
const WRITER = 'src/server/mail/outbox.ts';

/** An INSERT into the outbox: drizzle's builder, or SQL naming the table or its drizzle object. */
const OUTBOX_INSERT = [
  /\.insert\(\s*mailOutbox\b/,
  /insert\s+into\s+"?mail_outbox\b/i,
  /insert\s+into\s+\$\{\s*mailOutbox\s*\}/i,
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(projectRoot, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|mjs)$/.test(entry.name))
    .filter((entry) => !/\.(test|spec)\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(projectRoot, path.join(entry.parentPath, entry.name)));
}

const writesOutbox = (file: string) => {
  const source = readFileSync(path.join(projectRoot, file), 'utf8');
  return OUTBOX_INSERT.some((pattern) => pattern.test(source));
};

describe('the one writer of mail', () => {
  it('is mail/outbox.ts: no other source inserts into mail_outbox', () => {
    const files = ['src', 'scripts', 'bench'].flatMap(sourceFiles);
    expect(files).toContain(WRITER);
    expect(files.filter(writesOutbox)).toEqual([WRITER]);
  });

  it('would see each way of writing a row', () => {
    for (const line of [
      'await tx.insert(mailOutbox).values(row);',
      'await db.insert( mailOutbox ).values(rows)',
      'sql`insert into mail_outbox (to_address) select …`',
      'sql`INSERT INTO "mail_outbox" (to_address) values (…)`',
      'sql`insert into ${mailOutbox} (to_address) values (…)`',
    ])
      expect(
        OUTBOX_INSERT.some((pattern) => pattern.test(line)),
        line,
      ).toBe(true);
  });
});
