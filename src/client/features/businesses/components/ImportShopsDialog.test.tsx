// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopImportResult } from '#shared/shop-side.ts';
import { importableCount, ImportPreview } from './ImportShopsDialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const ready = {
  line: 2,
  name: 'Bean There',
  address: '1 Main St',
  redemptionCode: '1234',
  errors: [],
};
const broken = {
  line: 3,
  name: '',
  address: '2 Main St',
  redemptionCode: null,
  errors: ['Business name is required', 'Business description is required'],
};

const cells = (row: Element) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

describe('ImportPreview', () => {
  it('lists each row with its line, code (or new) and its errors or Ready', () => {
    act(() =>
      root.render(
        <MantineProvider>
          <ImportPreview rows={[ready, broken]} />
        </MantineProvider>,
      ),
    );
    const rows = container.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(cells(rows[0]!)).toEqual(['2', 'Bean There', '1 Main St', '1234', 'Ready']);
    expect(cells(rows[1]!).slice(0, 4)).toEqual(['3', '', '2 Main St', 'new']);
    expect([...rows[1]!.querySelectorAll('li')].map((item) => item.textContent)).toEqual(
      broken.errors,
    );
  });
});

describe('importableCount', () => {
  const result = (rows: ShopImportResult['rows']): ShopImportResult => ({ rows, imported: 0 });

  it('counts every row when none has an error, and none otherwise (all or nothing)', () => {
    expect(importableCount(undefined)).toBe(0);
    expect(importableCount(result([]))).toBe(0);
    expect(importableCount(result([ready, { ...ready, line: 3 }]))).toBe(2);
    expect(importableCount(result([ready, broken]))).toBe(0);
  });
});
