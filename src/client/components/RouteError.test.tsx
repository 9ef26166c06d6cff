// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from './RouteError.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Crashing(): never {
  throw new Error('page crashed');
}

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  // React reports the caught error on the console; the test looks at the page instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.restoreAllMocks();
});

function show(path: string, page: React.ReactNode) {
  act(() => {
    root.render(
      <MantineProvider>
        <MemoryRouter>
          <RouteError resetKey={path}>{page}</RouteError>
        </MemoryRouter>
      </MantineProvider>,
    );
  });
}

describe('RouteError', () => {
  it('shows the error page when a page crashes, and the next page once the path changes', () => {
    show('/profile', <Crashing />);
    expect(container.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(container.textContent).toContain('Reload Page');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/');

    show('/profile', <p>Recovered</p>);
    expect(container.textContent).toContain('Something went wrong');

    show('/business/1', <p>Shop page</p>);
    expect(container.textContent).toContain('Shop page');
    expect(container.textContent).not.toContain('Something went wrong');
  });
});
