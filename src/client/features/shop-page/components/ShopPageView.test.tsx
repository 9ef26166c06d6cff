// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ShopPage } from '#shared/shop-side.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { codeHeading, ShopPageView } from './ShopPageView.tsx';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';

const view = reactRootPerTest();

const page: ShopPage = {
  shop: { id: 7, name: 'Honest Bean', address: '1 Main St' },
  challenge: { id: 1, title: 'Huntsville Coffee Battles', timeZone: 'America/Chicago' },
  couponValueDollars: 5,
  redeemedToday: 2,
  redeemedTotal: 250,
  firstVisits: 40,
  earnedDollars: 1250,
  paidDollars: 1000,
  owedDollars: 250,
  payouts: [
    {
      id: 2,
      amountDollars: 400,
      paidAt: '2026-11-21T23:30:00.000Z',
      note: 'Cheque 1042',
      voided: null,
    },
    { id: 1, amountDollars: 600, paidAt: '2026-11-14T16:00:00.000Z', note: null, voided: null },
  ],
  currentCode: { code: '4821', rotation: 'daily', validUntil: '2026-11-23T06:00:00.000Z' },
  paused: false,
  dailyCap: 40,
  recentRedemptions: [
    { visitNumber: 12, redeemedAt: '2026-11-22T15:05Z', offline: false },
    { visitNumber: 11, redeemedAt: '2026-11-22T14:50Z', offline: true },
  ],
  offlineRedeemed: 1,
};

function show(shown: ShopPage) {
  act(() =>
    view.root.render(
      <QueryClientProvider client={createQueryClient()}>
        <MantineProvider>
          <MemoryRouter>
            <ShopPageView token={'t'.repeat(32)} page={shown} />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
}

/** The figure under a section's label, as a person reads it. */
const figure = (label: string) =>
  [...view.container.querySelectorAll('section')]
    .find((section) => section.querySelector('p')?.textContent === label)
    ?.querySelectorAll('p')[1]?.textContent;

describe('ShopPageView', () => {
  it("shows the code, today's and the challenge's redemptions, what was paid and is owed, and the last passes", () => {
    show(page);
    expect(view.container.querySelector('h1')?.textContent).toBe('Honest Bean');
    expect(view.container.querySelector('h2')?.textContent).toBe("Today's code");
    expect(view.container.textContent).toContain('4821');
    expect(view.container.textContent).toContain('Changes at Nov 23, 12:00 AM');
    expect(figure('Redeemed today')).toBe('2');
    expect(figure('Redeemed this challenge')).toBe('250');
    expect(figure('First visits')).toBe('40');
    expect(view.container.textContent).toContain(
      'Coupons redeemed by members who said it was their first time at the shop.',
    );
    expect(figure('Paid to date')).toBe('$1,000');
    expect(figure('Owed now')).toBe('$250');
    expect(view.container.textContent).toContain(
      '$5 for each redeemed coupon: $1,250 earned in all; at most 40 coupons a day. Typed offline',
    );
    const [payouts, recent] = [...view.container.querySelectorAll('table')];
    expect(
      [...payouts!.querySelectorAll('tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Nov 21, 5:30 PM', '$400', 'Cheque 1042'],
      ['Nov 14, 10:00 AM', '$600', ''],
    ]);
    // An offline redemption (docs/decisions/0042) is marked apart.
    expect(
      [...recent!.querySelectorAll('tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Nov 22, 9:05 AM', 'Visit #12'],
      ['Nov 22, 8:50 AM', 'Visit #11Typed offline'],
    ]);
    expect(view.container.textContent).toContain(
      'Typed offline: 1, coupons whose code was typed on a phone without signal and counted when it was back online.',
    );
    expect(view.container.textContent).not.toContain('Temporarily not accepting coupons');
  });

  it('says when redemptions are paused and shows the switch on', () => {
    show({ ...page, paused: true, recentRedemptions: [] });
    expect(view.container.textContent).toContain('Temporarily not accepting coupons');
    expect(view.container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).toBe(
      true,
    );
    expect(view.container.textContent).toContain('No coupons redeemed here yet.');
  });

  it('links to the shop’s own printable cashier card, and says when nothing was paid yet', () => {
    show({ ...page, payouts: [], paidDollars: 0, owedDollars: 1250 });
    const print = [...view.container.querySelectorAll('a')].find(
      (link) => link.textContent === 'Print cashier card',
    );
    expect(print?.getAttribute('href')).toBe(`/shop/${'t'.repeat(32)}/card`);
    expect(view.container.textContent).toContain('No payouts yet.');
    expect(figure('Owed now')).toBe('$1,250');
  });
});

describe('codeHeading', () => {
  it('names how long the code holds', () => {
    expect(codeHeading('off')).toBe('Redemption code');
    expect(codeHeading('daily')).toBe("Today's code");
    expect(codeHeading('hourly')).toBe("This hour's code");
  });
});
