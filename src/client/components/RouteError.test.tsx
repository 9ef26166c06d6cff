// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';
import { RouteError } from './RouteError.tsx';

function Crashing(): never {
  throw new Error('page crashed');
}

const view = reactRootPerTest();
beforeEach(() => {
  // React reports the caught error on the console; the test looks at the page instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

function show(path: string, page: React.ReactNode) {
  act(() => {
    view.root.render(
      <MantineProvider>
        {/* The page's title names the site from GET /api/config; no server here, no asking. */}
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}
        >
          <MemoryRouter>
            <RouteError resetKey={path}>{page}</RouteError>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
}

describe('RouteError', () => {
  it('shows the error page when a page crashes, and the next page once the path changes', () => {
    show('/profile', <Crashing />);
    expect(view.container.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(view.container.textContent).toContain('Reload Page');
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe('/');

    show('/profile', <p>Recovered</p>);
    expect(view.container.textContent).toContain('Something went wrong');

    show('/business/1', <p>Shop page</p>);
    expect(view.container.textContent).toContain('Shop page');
    expect(view.container.textContent).not.toContain('Something went wrong');
  });
});
