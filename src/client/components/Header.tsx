import { ActionIcon, Anchor, Box, Burger, Button, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCoffee,
  IconLayoutDashboard,
  IconLogin2,
  IconLogout,
  IconShieldCheck,
  IconTicket,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { PRODUCT_NAME } from '#client/lib/page-meta.ts';

export interface HeaderUser {
  username: string;
  isAdmin: boolean;
}

export interface HeaderProps {
  /** The signed-in account, or null when signed out. */
  user: HeaderUser | null;
  /** While the current user is unknown, neither Sign In nor the account buttons show. */
  userPending: boolean;
  /** Whether the signed-in member holds a pass: 'My Battle Pass' instead of 'Buy Pass'. */
  hasPass: boolean;
  onLogout: () => void;
  loggingOut: boolean;
}

/**
 * The header of every page (spec section 2). From the `sm` breakpoint up the buttons sit in the
 * bar; below it they move into a drawer opened by the burger.
 */
export function Header({ user, userPending, hasPass, onLogout, loggingOut }: HeaderProps) {
  const [drawerOpened, drawer] = useDisclosure(false);

  const passLink = hasPass
    ? { to: paths.profile, label: 'My Battle Pass' }
    : { to: paths.checkout, label: 'Buy Pass' };

  return (
    <>
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
            <span>{PRODUCT_NAME}</span>
          </Group>
        </Anchor>

        <Group gap="xs" visibleFrom="sm" wrap="nowrap">
          {!userPending && (
            <Button component={Link} to={passLink.to} leftSection={<IconTicket size={18} aria-hidden />}>
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
              Admin
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
                aria-label="Logout"
                title="Logout"
                onClick={onLogout}
                loading={loggingOut}
              >
                <IconLogout size={20} aria-hidden />
              </ActionIcon>
            </>
          )}
          {!user && !userPending && (
            <Button
              component={Link}
              to={paths.auth}
              variant="default"
              leftSection={<IconLogin2 size={18} aria-hidden />}
            >
              Sign In
            </Button>
          )}
        </Group>

        <Burger
          hiddenFrom="sm"
          opened={drawerOpened}
          onClick={drawer.toggle}
          aria-label="Open navigation"
          aria-expanded={drawerOpened}
          aria-controls="site-navigation-drawer"
        />
      </Group>

      <Drawer
        id="site-navigation-drawer"
        opened={drawerOpened}
        onClose={drawer.close}
        position="right"
        size="xs"
        hiddenFrom="sm"
        title={PRODUCT_NAME}
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
        // The drawer's own <header> would be a second "banner" landmark beside the page header.
        attributes={{ header: { role: 'presentation' } }}
      >
        <Box component="nav" aria-label="Site">
          <Stack gap="xs">
            {user && (
              <Text size="sm" c="dimmed">
                Signed in as <strong>{user.username}</strong>
              </Text>
            )}
            {user && (
              <NavLink
                component={Link}
                to={paths.profile}
                label="My Profile"
                leftSection={<IconUser size={18} aria-hidden />}
                onClick={drawer.close}
              />
            )}
            {user?.isAdmin && (
              <NavLink
                component={Link}
                to={paths.admin}
                label="Admin Dashboard"
                leftSection={<IconLayoutDashboard size={18} aria-hidden />}
                onClick={drawer.close}
              />
            )}
            {user && (
              <NavLink
                component="button"
                type="button"
                label="Logout"
                leftSection={<IconLogout size={18} aria-hidden />}
                disabled={loggingOut}
                onClick={() => {
                  drawer.close();
                  onLogout();
                }}
              />
            )}
            {!user && !userPending && (
              <NavLink
                component={Link}
                to={paths.auth}
                label="Sign In"
                leftSection={<IconLogin2 size={18} aria-hidden />}
                onClick={drawer.close}
              />
            )}
            {!userPending && (
              <Button
                component={Link}
                to={passLink.to}
                fullWidth
                mt="sm"
                leftSection={<IconTicket size={18} aria-hidden />}
                onClick={drawer.close}
              >
                {passLink.label}
              </Button>
            )}
          </Stack>
        </Box>
      </Drawer>
    </>
  );
}
