import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Pages import the stylesheets of the Mantine components they draw (a page's CSS comes with its
 * chunk). A checkbox, switch or radio also needs InlineInput's, which lays its label beside the
 * box: without it a page opened first shows the box alone above its label.
 */
const INLINE_INPUTS = ['Checkbox', 'Switch', 'Radio'];
const clientRoot = path.resolve(import.meta.dirname, '..');

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [file] : [];
  });
}

describe('the stylesheets of checkboxes, switches and radios', () => {
  it('come with every file that draws one', () => {
    const missing = sourceFiles(clientRoot).flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return INLINE_INPUTS.filter((component) => new RegExp(`<${component}[\\s>]`).test(source))
        .flatMap((component) => [component, 'InlineInput'])
        .filter((sheet) => !source.includes(`@mantine/core/styles/${sheet}.css`))
        .map((sheet) => `${path.relative(clientRoot, file)}: ${sheet}.css`);
    });
    expect(missing).toEqual([]);
  });
});
