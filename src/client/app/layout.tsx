import { AppShell, Progress } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Header } from '#client/components/Header.tsx';
import { useLogout } from '#client/features/auth/api/logout.ts';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useHasPass } from '#client/features/passes/api/get-user-pass.ts';

export const MAIN_CONTENT_ID = 'main-content';

/** Every page: skip link, header (auth and pass features meet here), the page, scroll restoration. */
export function RootLayout() {
  const { user, isPending } = useUser();
  const hasPass = useHasPass(user?.id ?? null);
  const logout = useLogout();
  const navigation = useNavigation();

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      {navigation.state === 'loading' && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 'calc(var(--mantine-z-index-app) + 2)' }}
          aria-label="Loading page"
        />
      )}
      <AppShell.Header>
        <Header
          user={user}
          userPending={isPending}
          hasPass={hasPass}
          onLogout={() => {
            logout.mutate();
          }}
          loggingOut={logout.isPending}
        />
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Outlet />
      </AppShell.Main>
      <ScrollRestoration />
    </AppShell>
  );
}
