// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ChallengePhase } from '#shared/challenge-phase.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { NoPassCard } from './NoPassCard.tsx';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';

const view = reactRootPerTest();

// Each instant falls on another day in UTC than in Chicago.
const challenge: ChallengeDto = {
  id: 4,
  title: 'Taco Battle',
  description: 'Tacos all month.',
  startDate: '2026-11-01T02:30:00.000Z',
  endDate: '2026-12-01T03:00:00.000Z',
  price: 25,
  active: true,
  theme: 'tacos',
  themeLabel: 'Tacos',
  votesPerShop: null,
  timeZone: 'America/Chicago',
  standingsFreezeHours: 0,
  reminderHoursBeforeEnd: 72,
  maxPassesPerOrder: 10,
  voucherPassesVote: false,
};

function show(phase: ChallengePhase) {
  act(() =>
    view.root.render(
      <QueryClientProvider client={createQueryClient()}>
        <MantineProvider>
          <MemoryRouter>
            <NoPassCard challenge={challenge} phase={phase} testToolsEnabled={false} />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
}

describe('NoPassCard', () => {
  it("states the battle's start and end on the calendar and clock of its time zone", () => {
    show('upcoming');
    expect(view.container.textContent).toContain('Starts October 31, 2026 at 9:30 PM CDT');
    show('running');
    expect(view.container.textContent).toContain('Ends November 30, 2026');
  });
});
