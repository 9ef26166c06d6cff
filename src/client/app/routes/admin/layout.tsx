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
import { defineMessages } from 'react-intl';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useMessages } from '#client/i18n/language.tsx';
import classes from './layout.module.css';

const labels = defineMessages({
  dashboard: { id: 'adminNav.dashboard', defaultMessage: 'Dashboard' },
  challenges: { id: 'adminNav.challenges', defaultMessage: 'Challenges' },
  businesses: { id: 'adminNav.businesses', defaultMessage: 'Businesses' },
  leaderboard: { id: 'adminNav.leaderboard', defaultMessage: 'Leaderboard' },
  settlement: { id: 'adminNav.settlement', defaultMessage: 'Settlement' },
  draws: { id: 'adminNav.draws', defaultMessage: 'Prize draws' },
  rewards: { id: 'adminNav.rewards', defaultMessage: 'Collect a reward' },
  messages: { id: 'adminNav.messages', defaultMessage: 'Messages' },
});

const links = [
  { to: paths.admin, label: labels.dashboard, icon: IconLayoutDashboard, exact: true },
  { to: paths.adminChallenges, label: labels.challenges, icon: IconTrophy, exact: false },
  { to: paths.adminBusinesses, label: labels.businesses, icon: IconBuildingStore, exact: false },
  { to: paths.adminLeaderboard, label: labels.leaderboard, icon: IconChartBar, exact: false },
  { to: paths.adminSettlement, label: labels.settlement, icon: IconReceipt, exact: false },
  { to: paths.adminDraws, label: labels.draws, icon: IconGift, exact: false },
  { to: paths.adminRewards, label: labels.rewards, icon: IconAward, exact: false },
  { to: paths.adminMessages, label: labels.messages, icon: IconMail, exact: false },
] as const;

/** Admin pages: a sidebar from md up, every section in a wrapped grid on phones (docs/SPEC.md section 2, /admin). */
export default function AdminLayout() {
  const pathname = useLocation().pathname.replace(/\/+$/, '') || '/';
  const intl = useMessages();
  return (
    <Grid gap={0}>
      <Grid.Col span={{ base: 12, md: 3, lg: 2 }}>
        <nav
          aria-label={intl.formatMessage({ id: 'adminNav.label', defaultMessage: 'Admin' })}
          className={classes.nav}
        >
          {links.map(({ to, label, icon: Icon, exact }) => {
            const active = exact
              ? pathname === to
              : pathname === to || pathname.startsWith(`${to}/`);
            return (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={intl.formatMessage(label)}
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
