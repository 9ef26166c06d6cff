import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps the web app's words in the catalogs (eslint/words.js,
 * docs/decisions/0048-languages.md), proven on probe components: a word a person reads or hears
 * is reported, what reads the same in every language is not.
 */
const eslint = new ESLint({
  cwd: path.resolve(import.meta.dirname, '../..'),
  ruleFilter: ({ ruleId }) =>
    ruleId === 'words/no-english-in-jsx' || ruleId === 'no-restricted-syntax',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function reported(code: string): Promise<number> {
  const [result] = await eslint.lintText(code, {
    filePath: 'src/client/components/WordsProbe.tsx',
  });
  return result!.messages.length;
}

describe('words come from the catalogs', { timeout: 60_000 }, () => {
  it.each([
    ['text between tags', 'export const A = () => <p>Buy a pass</p>;'],
    ['a string child', "export const A = () => <p>{'Buy a pass'}</p>;"],
    ['a template child', 'export const A = (n: number) => <p>{`${n} shops left`}</p>;'],
    ['a label', 'export const A = () => <input aria-label="Code" />;'],
    ['a component prop a person reads', 'export const A = () => <Field label="Email" />;'],
    ['an error', "export const A = (bad: boolean) => <Field error={bad ? 'Too short' : null} />;"],
    [
      "a toast's title",
      "notifications.show({ title: 'Saved', message: x }); declare const x: string;",
    ],
    [
      "a toast's message in a template",
      'notifications.show({ message: `Saved ${x}` }); declare const x: string;',
    ],
  ])('reports %s', async (_name, code) => {
    expect(await reported(code)).toBe(1);
  });

  it.each([
    [
      'a space between two messages',
      "export const A = (a: string, b: string) => <p>{a}{' '}{b}</p>;",
    ],
    ['punctuation', 'export const A = (a: string) => <p>· {a} —</p>;'],
    ['a number', 'export const A = () => <p>42</p>;'],
    ['a message', "export const A = (t: (id: string) => string) => <p>{t('pass.title')}</p>;"],
    ['a prop nobody reads', 'export const A = () => <Box component="section" variant="light" />;'],
  ])('lets %s through', async (_name, code) => {
    expect(await reported(code)).toBe(0);
  });
});
