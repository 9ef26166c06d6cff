// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { SHOP_IMPORT_TEMPLATE } from '#shared/shop-import.ts';
import { checkImportText, ImportPreview } from './ImportShopsDialog.tsx';
import { linesText } from '../lines-text.ts';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';
import {
  EXISTING_SHOP,
  FLAWED_IMPORT_CSV,
  FLAWED_IMPORT_ERRORS,
} from '#tests/helpers/shop-import.ts';

const view = reactRootPerTest();

const live = [{ ...EXISTING_SHOP, position: 3 }];

describe('checkImportText (the browser runs the server import rules)', () => {
  it('gives one message per column, in column order, and names a dropped leading zero', () => {
    const check = checkImportText(FLAWED_IMPORT_CSV, 7, live);
    if (!check?.ok) throw new Error('the file should read');
    expect(check.rows.map((row) => [row.line, row.errors])).toEqual(FLAWED_IMPORT_ERRORS);
    expect(check.rows.map((row) => [row.name, row.address, row.redemptionCode])).toEqual([
      ['Bean There', '1 Main St', '0123'],
      ['', '2 Main St', '123'],
      ['Copy Cup', '3 Main St', '0123'],
      ['Clash Cafe', '4 Main St', '5555'],
      ['Plain Pour', '5 Main St', null],
    ]);
  });

  it('says what is wrong with the file itself, and nothing for empty text', () => {
    expect(checkImportText('  ', 7, live)).toBeNull();
    expect(checkImportText('name,address,colour\nA,B,red', 7, live)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Unknown column "colour"\. The columns are: name, address/),
    });
    expect(checkImportText('name,address,description\n"A,B,C', 7, live)).toEqual({
      ok: false,
      message: 'The CSV file could not be read: a quote opened on line 2 is never closed.',
    });
    expect(checkImportText('name,address,description\nA,B', 7, live)).toEqual({
      ok: false,
      message: 'The CSV file could not be read: line 2 has 2 fields but the header has 3.',
    });
  });

  it('reads the template it offers as one ready row', () => {
    const check = checkImportText(SHOP_IMPORT_TEMPLATE, 7, []);
    expect(check).toMatchObject({ ok: true, rows: [{ line: 2, name: 'Bean There', errors: [] }] });
  });
});

describe('ImportPreview', () => {
  it('puts Ready or each message under its row', () => {
    act(() =>
      view.root.render(
        <MantineProvider>
          <ImportPreview
            rows={[
              {
                line: 2,
                name: 'Bean There',
                address: '1 Main St',
                redemptionCode: '1234',
                errors: [],
              },
              {
                line: 3,
                name: '',
                address: '2 Main St',
                redemptionCode: null,
                errors: [
                  { column: 'name', message: 'Business name is required' },
                  { column: 'description', message: 'Business description is required' },
                ],
              },
            ]}
          />
        </MantineProvider>,
      ),
    );
    const rows = [...view.container.querySelectorAll('li[aria-label^="Line"]')];
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Line 2', 'Line 3']);
    expect(rows[0]!.textContent).toContain('Ready');
    expect([...rows[1]!.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Business name is required',
      'Business description is required',
    ]);
    expect(rows[1]!.textContent).toContain('new code');
  });
});

describe('linesText', () => {
  it('names the rows left out', () => {
    expect(linesText([3])).toBe('line 3');
    expect(linesText([3, 5])).toBe('lines 3 and 5');
    expect(linesText([3, 5, 8])).toBe('lines 3, 5 and 8');
  });
});
