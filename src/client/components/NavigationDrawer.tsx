import { useRef } from 'react';
import { Button, CloseButton, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLogin2,
  IconLogout,
  IconTicket,
  IconTrophy,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useSiteName } from '#client/lib/page-meta.ts';
import { useMessages } from '#client/i18n/language.tsx';
import type { HeaderProps } from './Header.tsx';
import { headerMessages } from './header-messages.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import classes from './NavigationDrawer.module.css';

export interface NavigationDrawerProps extends Omit<HeaderProps, 'hasPass' | 'passesOnSale'> {
  /** The burger's popoverTarget. */
  id: string;
  /** 'My Battle Pass' or 'Buy Pass', as in the header bar; null: neither. */
  passLink: { to: string; label: string } | null;
}

/**
 * The header's links on small screens (docs/SPEC.md section 2): a popover, so opening, closing,
 * Escape and a tap beside it work in the server's HTML before (or without) the app. The app
 * closes it on a tap of a link, whose page it then shows without reloading.
 */
export function NavigationDrawer({
  id,
  passLink,
  resultsPath,
  user,
  userPending,
  onLogout,
  loggingOut,
}: NavigationDrawerProps) {
  const siteName = useSiteName();
  const intl = useMessages();
  const drawer = useRef<HTMLDivElement>(null);
  const titleId = `${id}-title`;
  const close = () => drawer.current?.hidePopover();

  return (
    <div
      ref={drawer}
      id={id}
      popover="auto"
      role="dialog"
      aria-labelledby={titleId}
      className={classes.drawer}
    >
      <div className={classes.top}>
        <Title order={2} size="h3" id={titleId}>
          {siteName}
        </Title>
        {/* A popover focuses its autofocus element as it opens, never on page load. The
            server's HTML carries the attribute; React leaves it out where the app renders the
            drawer itself, so the ref sets it there. */}
        <CloseButton
          ref={(button) => {
            if (button) button.autofocus = true;
          }}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- acts only when the drawer opens
          autoFocus
          size="lg"
          popoverTarget={id}
          popoverTargetAction="hide"
          aria-label={intl.formatMessage({
            id: 'drawer.closeNavigation',
            defaultMessage: 'Close navigation',
          })}
        />
      </div>
      <nav aria-label={intl.formatMessage({ id: 'drawer.site', defaultMessage: 'Site' })}>
        <Stack gap="xs">
          {user && (
            <>
              <Text size="sm" c="dimmed">
                {intl.formatMessage(
                  { id: 'drawer.signedInAs', defaultMessage: 'Signed in as <b>{username}</b>' },
                  { username: user.username, b: (chunks) => <strong>{chunks}</strong> },
                )}
              </Text>
              <Link to={paths.profile} className={classes.link} onClick={close}>
                <IconUser size={18} aria-hidden />
                {intl.formatMessage({ id: 'drawer.myProfile', defaultMessage: 'My Profile' })}
              </Link>
              {user.isAdmin && (
                <Link to={paths.admin} className={classes.link} onClick={close}>
                  <IconLayoutDashboard size={18} aria-hidden />
                  {intl.formatMessage({
                    id: 'drawer.adminDashboard',
                    defaultMessage: 'Admin Dashboard',
                  })}
                </Link>
              )}
              <button
                type="button"
                className={classes.link}
                disabled={loggingOut}
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                <IconLogout size={18} aria-hidden />
                {intl.formatMessage(headerMessages.logout)}
              </button>
            </>
          )}
          {!user && (
            <Link to={paths.auth} className={classes.link} data-signed-out-action onClick={close}>
              <IconLogin2 size={18} aria-hidden />
              {intl.formatMessage(headerMessages.signIn)}
            </Link>
          )}
          {/* The home page's sections and the results, for a phone with no header links. */}
          <Link to={paths.homeShops} className={classes.link} onClick={close}>
            <IconBuildingStore size={18} aria-hidden />
            {intl.formatMessage({ id: 'drawer.shops', defaultMessage: 'Shops' })}
          </Link>
          {resultsPath && (
            <Link to={resultsPath} className={classes.link} onClick={close}>
              <IconTrophy size={18} aria-hidden />
              {intl.formatMessage({ id: 'drawer.results', defaultMessage: 'Results' })}
            </Link>
          )}
          <Link to={paths.homeFaq} className={classes.link} onClick={close}>
            <IconHelpCircle size={18} aria-hidden />
            {intl.formatMessage({ id: 'drawer.faq', defaultMessage: 'FAQ' })}
          </Link>
          {passLink && (
            <Button
              component={Link}
              to={passLink.to}
              data-signed-out-action={userPending || undefined}
              fullWidth
              mt="sm"
              leftSection={<IconTicket size={18} aria-hidden />}
              onClick={close}
            >
              {passLink.label}
            </Button>
          )}
          <LanguageSwitch signedIn={user !== null} />
        </Stack>
      </nav>
    </div>
  );
}
