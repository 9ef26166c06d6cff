import { ActionIcon, Anchor, Button, Group } from '@mantine/core';
import {
  IconCoffee,
  IconLogin2,
  IconLogout,
  IconMenu2,
  IconShieldCheck,
  IconTicket,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useSiteName } from '#client/lib/page-meta.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { headerMessages } from './header-messages.ts';
import classes from './Header.module.css';
import { NavigationDrawer } from './NavigationDrawer.tsx';

const NAVIGATION_DRAWER_ID = 'site-navigation-drawer';

export interface HeaderUser {
  username: string;
  isAdmin: boolean;
}

export interface HeaderProps {
  /** The signed-in account, or null when signed out. */
  user: HeaderUser | null;
  /**
   * While the current user is unknown the account buttons wait, and 'Sign In' and 'Buy Pass'
   * show as on the server's HTML (a signed-out visitor's document keeps them, docs/decisions/0027),
   * unseen on a page opened with the signed-in hint (src/client/app/global.css).
   */
  userPending: boolean;
  /** Whether the signed-in member holds a pass: 'My Battle Pass' instead of 'Buy Pass'. */
  hasPass: boolean;
  /** Whether passes are sold now (the battle runs): without it and without a pass, no pass button. */
  passesOnSale: boolean;
  /** The current battle's results page (published once it ends), linked from the phone drawer. */
  resultsPath: string | null;
  onLogout: () => void;
  loggingOut: boolean;
}

/**
 * The header of every page (docs/SPEC.md section 2). From the `sm` breakpoint up the buttons sit in the
 * bar; below it they move into a drawer opened by the burger (NavigationDrawer), a native popover
 * that opens and closes without script. The drawer is the banner's sibling, as a dialog of its own.
 */
export function Header({
  user,
  userPending,
  hasPass,
  passesOnSale,
  resultsPath,
  onLogout,
  loggingOut,
}: HeaderProps) {
  const siteName = useSiteName();
  const intl = useMessages();

  const passLink = hasPass
    ? { to: paths.profile, label: intl.formatMessage(headerMessages.myBattlePass) }
    : passesOnSale
      ? { to: paths.checkout, label: intl.formatMessage(headerMessages.buyPass) }
      : null;

  return (
    <>
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Anchor
            component={Link}
            to={paths.home}
            underline="never"
            c="coffee.8"
            fw={800}
            fz={{ base: 'lg', sm: 'xl' }}
          >
            <Group gap={6} wrap="nowrap" component="span">
              <IconCoffee size={26} stroke={2} aria-hidden />
              <span>{siteName}</span>
            </Group>
          </Anchor>

          <Group gap="xs" visibleFrom="sm" wrap="nowrap">
            {passLink && (
              <Button
                component={Link}
                to={passLink.to}
                data-signed-out-action={userPending || undefined}
                leftSection={<IconTicket size={18} aria-hidden />}
              >
                {passLink.label}
              </Button>
            )}
            {user?.isAdmin && (
              <Button
                component={Link}
                to={paths.admin}
                variant="light"
                leftSection={<IconShieldCheck size={18} aria-hidden />}
              >
                {intl.formatMessage({ id: 'header.admin', defaultMessage: 'Admin' })}
              </Button>
            )}
            {user && (
              <>
                <Button
                  component={Link}
                  to={paths.profile}
                  variant="subtle"
                  leftSection={<IconUser size={18} aria-hidden />}
                  maw={200}
                >
                  {user.username}
                </Button>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={intl.formatMessage(headerMessages.logout)}
                  title={intl.formatMessage(headerMessages.logout)}
                  onClick={onLogout}
                  loading={loggingOut}
                >
                  <IconLogout size={20} aria-hidden />
                </ActionIcon>
              </>
            )}
            {!user && (
              <Button
                component={Link}
                to={paths.auth}
                variant="default"
                data-signed-out-action
                leftSection={<IconLogin2 size={18} aria-hidden />}
              >
                {intl.formatMessage(headerMessages.signIn)}
              </Button>
            )}
            <LanguageSwitch signedIn={user !== null} />
          </Group>

          <ActionIcon
            hiddenFrom="sm"
            variant="subtle"
            color="dark"
            size="lg"
            popoverTarget={NAVIGATION_DRAWER_ID}
            aria-label={intl.formatMessage({
              id: 'header.openNavigation',
              defaultMessage: 'Open navigation',
            })}
          >
            <IconMenu2 size={24} aria-hidden />
          </ActionIcon>
        </Group>
      </header>

      <NavigationDrawer
        id={NAVIGATION_DRAWER_ID}
        passLink={passLink}
        resultsPath={resultsPath}
        user={user}
        userPending={userPending}
        onLogout={onLogout}
        loggingOut={loggingOut}
      />
    </>
  );
}
