import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { NotFound } from '#client/components/NotFound.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { RouteError } from '#client/components/RouteError.tsx';
import { RequireAdmin, RequireUser } from './guards.tsx';
import { RootLayout } from './layout.tsx';

/**
 * Each page is its own module, loaded when first visited: public pages never download admin
 * code (or the rich-text editor that admin pages will bring).
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      HydrateFallback: PageLoader,
      children: [
        {
          // Below the layout, so a failing page keeps the header.
          ErrorBoundary: RouteError,
          children: [
            { index: true, lazy: page(() => import('./routes/home.tsx')) },
            { path: 'battles/coffee', lazy: page(() => import('./routes/coffee-battle.tsx')) },
            { path: 'auth', lazy: page(() => import('./routes/auth.tsx')) },
            { path: 'business/:id', lazy: page(() => import('./routes/business.tsx')) },
            { path: 'checkout', lazy: page(() => import('./routes/checkout.tsx')) },
            {
              Component: RequireUser,
              children: [
                { path: 'profile', lazy: page(() => import('./routes/profile.tsx')) },
                { path: 'checkout/sandbox/:sessionId', lazy: page(() => import('./routes/sandbox-checkout.tsx')) },
              ],
            },
            {
              path: 'admin',
              Component: RequireAdmin,
              children: [
                {
                  lazy: page(() => import('./routes/admin/layout.tsx')),
                  children: [
                    { index: true, lazy: page(() => import('./routes/admin/dashboard.tsx')) },
                    { path: 'challenges', lazy: page(() => import('./routes/admin/challenges.tsx')) },
                    { path: 'businesses', lazy: page(() => import('./routes/admin/businesses.tsx')) },
                    { path: 'leaderboard', lazy: page(() => import('./routes/admin/leaderboard.tsx')) },
                  ],
                },
              ],
            },
            { path: '*', Component: NotFound },
          ],
        },
      ],
    },
  ]);
}
