// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChallengeDto } from '#shared/challenges.ts';
import { CurrentBattleCard } from './Dashboard.tsx';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';

const view = reactRootPerTest();
const NOW = Date.parse('2026-11-12T15:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

const battle: ChallengeDto = {
  id: 1,
  title: 'Coffee Battle',
  description: 'Huntsville coffee',
  theme: 'coffee',
  themeLabel: 'Coffee',
  startDate: new Date(NOW - 10 * DAY_MS).toISOString(),
  endDate: new Date(NOW + 30_000).toISOString(),
  price: 25,
  active: true,
  votesPerShop: 1,
  timeZone: 'America/Chicago',
  standingsFreezeHours: 0,
  reminderHoursBeforeEnd: 0,
  maxPassesPerOrder: 10,
  voucherPassesVote: false,
};

function show(challenge: ChallengeDto) {
  act(() => {
    view.root.render(
      <MantineProvider>
        <CurrentBattleCard challenge={challenge} />
      </MantineProvider>,
    );
  });
}

const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const card = () => view.container.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the dashboard’s challenge card', () => {
  it('turns from Active to Ended at the end instant without the dashboard being fetched again', () => {
    show(battle);
    expect(card()).toContain('Active');
    expect(card()).toContain('1 day remaining');
    wait(30_001);
    expect(card()).toContain('Ended');
    expect(card()).not.toContain('Active');
    expect(card()).not.toContain('remaining');
  });

  it('turns from Upcoming to Active at the start instant', () => {
    show({
      ...battle,
      startDate: new Date(NOW + 5_000).toISOString(),
      endDate: new Date(NOW + 30 * DAY_MS).toISOString(),
    });
    expect(card()).toContain('Upcoming');
    expect(card()).toContain('Starts in 1 day');
    wait(5_000);
    expect(card()).toContain('Active');
    expect(card()).toContain('30 days remaining');
  });

  it('moves the period bar on as time passes', () => {
    show({ ...battle, endDate: new Date(NOW + 10 * DAY_MS).toISOString() });
    const elapsed = () =>
      view.container
        .querySelector('[aria-label="Challenge period elapsed"]')
        ?.getAttribute('aria-valuenow');
    expect(elapsed()).toBe('50');
    wait(DAY_MS);
    expect(elapsed()).toBe('55');
  });
});
