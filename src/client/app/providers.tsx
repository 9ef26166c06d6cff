import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AccountInHtml } from '#client/lib/hydrated.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import type { Catalog } from '#client/i18n/catalogs.ts';
import { LanguageProvider, SOURCE_PAGE, type PageLanguage } from '#client/i18n/language.tsx';
import { mantineProviderProps } from './theme.ts';

const Toasts = lazy(() => import('./Toasts.tsx'));

/**
 * Mantine's toast container (with its transitions) is fetched when the first toast is shown,
 * not with every page; it then shows the toasts already in Mantine's store.
 */
function LazyToasts() {
  const anyToast = useNotifications().notifications.length > 0;
  const [wanted, setWanted] = useState(false);
  if (anyToast && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/**
 * `queryClient`: one holding the server-rendered answers (docs/decisions/0027); else a new one.
 * `accountInHtml`: the server drew the page with the visitor's account (`AccountInHtml`).
 * `page`, `catalog`: the page's language and its words (docs/decisions/0048-languages.md); the
 * code's own English unless given.
 */
export function AppProviders({
  children,
  queryClient: given,
  accountInHtml = false,
  page = SOURCE_PAGE,
  catalog = {},
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  accountInHtml?: boolean;
  page?: PageLanguage;
  catalog?: Catalog;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    // The theme's variables and global classes come with the app's stylesheet (theme-stylesheet.ts).
    <MantineProvider {...mantineProviderProps} withCssVariables={false} withGlobalClasses={false}>
      <LazyToasts />
      <QueryClientProvider client={queryClient}>
        <AccountInHtml value={accountInHtml}>
          <LanguageProvider page={page} catalog={catalog}>
            {children}
          </LanguageProvider>
        </AccountInHtml>
      </QueryClientProvider>
    </MantineProvider>
  );
}
