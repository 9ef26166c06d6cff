import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it, vi } from 'vitest';

/** A new module instance, as a new `npm run bench` process has: no rows recorded yet. */
async function freshReport() {
  vi.resetModules();
  return import('./report.ts');
}

const cellsOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) => line.split(' | ').slice(0, 3));

it('a run of one part replaces its rows and notes and keeps the other parts of the earlier report', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lb-report-')), 'BENCHMARKS.md');
  const earlier = await freshReport();
  earlier.beginPart('api');
  earlier.record({ name: 'reads', figure: 7, unit: 'req/s', budget: '> 0', pass: true });
  earlier.note('api load');
  earlier.beginPart('web');
  earlier.record({ name: 'bundle', figure: 150, unit: 'KB', budget: '<= 100 KB', pass: false });
  earlier.note('web note');
  earlier.writeReport(file, 'scaling');

  const later = await freshReport();
  later.beginPart('web');
  later.record({ name: 'bundle', figure: 90, unit: 'KB', budget: '<= 100 KB', pass: true });
  later.writeReport(file, 'scaling');

  const text = fs.readFileSync(file, 'utf8');
  expect(cellsOf(text)).toEqual([
    ['| part', 'measure', 'figure'],
    ['| ---', '---', '---'],
    ['| api', 'reads', '7 req/s'],
    ['| web', 'bundle', '90 KB'],
  ]);
  expect(text).toContain('- [api] api load');
  expect(text).not.toContain('web note');
  expect(text).toContain('(parts run last: web)');
});
