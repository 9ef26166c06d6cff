import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

export function App({
  queryClient,
  accountInHtml,
}: {
  queryClient?: QueryClient;
  accountInHtml?: boolean;
}) {
  return (
    <AppProviders queryClient={queryClient} accountInHtml={accountInHtml}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
