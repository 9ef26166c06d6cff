// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { HOURS_MESSAGE, LATITUDE_MESSAGE } from '#shared/businesses.ts';
import { SHOP_IMPORT_TEMPLATE } from '#shared/shop-import.ts';
import { checkImportText, ImportPreview } from './ImportShopsDialog.tsx';
import { linesText } from '../lines-text.ts';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';

const view = reactRootPerTest();

const live = [{ name: 'Alpha', redemptionCode: '5555', position: 3 }];
const header = 'name,address,description,code,hours,codeRotation,dailyCap,latitude,longitude';

describe('checkImportText (the browser runs the server import rules)', () => {
  it('gives one message per column, in column order, and names a dropped leading zero', () => {
    const check = checkImportText(
      [
        header,
        'Bean There,1 Main St,Coffee,0123,"{""Monday"": ""7am - 3pm""}",daily,40,34.7,-86.5',
        ',2 Main St,Tea,123,not json,weekly,0,north,-86.5',
        'Copy,3 Main St,Coffee,0123,,,,,',
        'Clash,4 Main St,Coffee,5555,,HOURLY,,,',
      ].join('\n'),
      7,
      live,
    );
    expect(check).toEqual({
      ok: true,
      rows: [
        { line: 2, name: 'Bean There', address: '1 Main St', redemptionCode: '0123', errors: [] },
        {
          line: 3,
          name: '',
          address: '2 Main St',
          redemptionCode: '123',
          errors: [
            { column: 'name', message: 'Business name is required' },
            {
              column: 'code',
              message:
                'Code must be 4 digits; a spreadsheet may have dropped a leading zero: write it as 0123',
            },
            { column: 'hours', message: HOURS_MESSAGE },
            { column: 'codeRotation', message: 'Code rotation must be off, daily or hourly' },
            {
              column: 'dailyCap',
              message: 'Daily cap must be a whole number of at least 1, or none',
            },
            { column: 'latitude', message: LATITUDE_MESSAGE },
          ],
        },
        {
          line: 4,
          name: 'Copy',
          address: '3 Main St',
          redemptionCode: '0123',
          errors: [{ column: 'code', message: 'Redemption code 0123 is also on line 2.' }],
        },
        {
          line: 5,
          name: 'Clash',
          address: '4 Main St',
          redemptionCode: '5555',
          errors: [{ column: 'code', message: 'Redemption code 5555 is already used by Alpha.' }],
        },
      ],
    });
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
