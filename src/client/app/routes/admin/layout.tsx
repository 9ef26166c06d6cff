import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NavLink.css';
import { Grid, NavLink } from '@mantine/core';
import {
  IconAward,
  IconBuildingStore,
  IconChartBar,
  IconGift,
  IconLayoutDashboard,
  IconMail,
  IconReceipt,
  IconTrophy,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '#shared/paths.ts';
import classes from './layout.module.css';

const links = [
  { to: paths.admin, label: 'Dashboard', icon: IconLayoutDashboard, exact: true },
  { to: paths.adminChallenges, label: 'Challenges', icon: IconTrophy, exact: false },
  { to: paths.adminBusinesses, label: 'Businesses', icon: IconBuildingStore, exact: false },
  { to: paths.adminLeaderboard, label: 'Leaderboard', icon: IconChartBar, exact: false },
  { to: paths.adminSettlement, label: 'Settlement', icon: IconReceipt, exact: false },
  { to: paths.adminDraws, label: 'Prize draws', icon: IconGift, exact: false },
  { to: paths.adminRewards, label: 'Collect a reward', icon: IconAward, exact: false },
  { to: paths.adminMessages, label: 'Messages', icon: IconMail, exact: false },
] as const;

/** Admin pages: a sidebar from md up, every section in a wrapped grid on phones (docs/SPEC.md section 2, /admin). */
export default function AdminLayout() {
  const pathname = useLocation().pathname.replace(/\/+$/, '') || '/';
  return (
    <Grid gap={0}>
      <Grid.Col span={{ base: 12, md: 3, lg: 2 }}>
        <nav aria-label="Admin" className={classes.nav}>
          {links.map(({ to, label, icon: Icon, exact }) => {
            const active = exact
              ? pathname === to
              : pathname === to || pathname.startsWith(`${to}/`);
            return (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={label}
                active={active}
                aria-current={active ? 'page' : undefined}
                leftSection={<Icon size={18} aria-hidden />}
                className={classes.link}
              />
            );
          })}
        </nav>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9, lg: 10 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
