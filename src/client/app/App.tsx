import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import type { Catalog } from '#client/i18n/catalogs.ts';
import type { PageLanguage } from '#client/i18n/language.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

export function App({
  queryClient,
  accountInHtml,
  page,
  catalog,
}: {
  queryClient?: QueryClient;
  accountInHtml?: boolean;
  page: PageLanguage;
  catalog: Catalog;
}) {
  return (
    <AppProviders
      queryClient={queryClient}
      accountInHtml={accountInHtml}
      page={page}
      catalog={catalog}
    >
      {/* A page's links stay in its language: the router's addresses carry its prefix. */}
      <BrowserRouter basename={page.basename}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
