import { Progress } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Header } from '#client/components/Header.tsx';
import { useLogout } from '#client/features/auth/api/logout.ts';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useHasPass } from '#client/features/passes/api/get-user-pass.ts';
import classes from './layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** Every page: skip link, header (auth and pass features meet here), the page, scroll restoration. */
export function RootLayout() {
  const { user, isPending } = useUser();
  const hasPass = useHasPass(user?.id ?? null);
  const logout = useLogout();
  const navigation = useNavigation();

  return (
    <div className={classes.shell}>
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
      <header className={classes.header}>
        <Header
          user={user}
          userPending={isPending}
          hasPass={hasPass}
          onLogout={() => {
            logout.mutate();
          }}
          loggingOut={logout.isPending}
        />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
