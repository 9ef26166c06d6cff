import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/NavLink.css';
import { Box, Button, Drawer, NavLink, Stack, Text } from '@mantine/core';
import {
  IconLayoutDashboard,
  IconLogin2,
  IconLogout,
  IconTicket,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useSiteName } from '#client/lib/page-meta.ts';
import type { HeaderProps } from './Header.tsx';

export interface NavigationDrawerProps extends Omit<HeaderProps, 'hasPass' | 'passesOnSale'> {
  /** The burger's aria-controls target. */
  id: string;
  opened: boolean;
  onClose: () => void;
  /** 'My Battle Pass' or 'Buy Pass', as in the header bar; null: neither. */
  passLink: { to: string; label: string } | null;
}

/**
 * The header's links on small screens (docs/SPEC.md section 2). Its own module: the drawer brings
 * Mantine's modal, focus-trap and scroll-lock code, which only a tap on the burger needs.
 */
export default function NavigationDrawer({
  id,
  opened,
  onClose,
  passLink,
  user,
  userPending,
  onLogout,
  loggingOut,
}: NavigationDrawerProps) {
  const siteName = useSiteName();
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      hiddenFrom="sm"
      title={siteName}
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
      // The drawer's own <header> would be a second "banner" landmark beside the page header.
      attributes={{ header: { role: 'presentation' } }}
    >
      <Box component="nav" aria-label="Site">
        <Stack gap="xs">
          {user && (
            <>
              <Text size="sm" c="dimmed">
                Signed in as <strong>{user.username}</strong>
              </Text>
              <NavLink
                component={Link}
                to={paths.profile}
                label="My Profile"
                leftSection={<IconUser size={18} aria-hidden />}
                onClick={onClose}
              />
              {user.isAdmin && (
                <NavLink
                  component={Link}
                  to={paths.admin}
                  label="Admin Dashboard"
                  leftSection={<IconLayoutDashboard size={18} aria-hidden />}
                  onClick={onClose}
                />
              )}
              <NavLink
                component="button"
                type="button"
                label="Logout"
                leftSection={<IconLogout size={18} aria-hidden />}
                disabled={loggingOut}
                onClick={() => {
                  onClose();
                  onLogout();
                }}
              />
            </>
          )}
          {!user && (
            <NavLink
              component={Link}
              to={paths.auth}
              data-signed-out-action
              label="Sign In"
              leftSection={<IconLogin2 size={18} aria-hidden />}
              onClick={onClose}
            />
          )}
          {!userPending && passLink && (
            <Button
              component={Link}
              to={passLink.to}
              fullWidth
              mt="sm"
              leftSection={<IconTicket size={18} aria-hidden />}
              onClick={onClose}
            >
              {passLink.label}
            </Button>
          )}
        </Stack>
      </Box>
    </Drawer>
  );
}
