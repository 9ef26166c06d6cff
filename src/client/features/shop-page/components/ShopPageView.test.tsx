// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopPage } from '#shared/shop-side.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { codeHeading, shopTime, ShopPageView } from './ShopPageView.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const page: ShopPage = {
  shop: { id: 7, name: 'Honest Bean', address: '1 Main St' },
  challenge: { id: 1, title: 'Huntsville Coffee Battles', timeZone: 'America/Chicago' },
  couponValueDollars: 5,
  redeemedToday: 2,
  redeemedTotal: 250,
  amountOwedDollars: 1250,
  currentCode: { code: '4821', rotation: 'daily', validUntil: '2026-11-23T06:00:00.000Z' },
  paused: false,
  dailyCap: 40,
  recentRedemptions: [{ redeemedAt: '2026-11-22T15:05:00.000Z', passNumber: 12 }],
};

function show(shown: ShopPage) {
  act(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <MantineProvider>
          <ShopPageView token={'t'.repeat(32)} page={shown} />
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
}

/** The figure under a section's label, as a person reads it. */
const figure = (label: string) =>
  [...container.querySelectorAll('section')]
    .find((section) => section.querySelector('p')?.textContent === label)
    ?.querySelectorAll('p')[1]?.textContent;

describe('ShopPageView', () => {
  it("shows the code, today's and the challenge's redemptions, the amount owed and the last passes", () => {
    show(page);
    expect(container.querySelector('h1')?.textContent).toBe('Honest Bean');
    expect(container.querySelector('h2')?.textContent).toBe("Today's code");
    expect(container.textContent).toContain('4821');
    expect(container.textContent).toContain('Changes at Nov 23, 12:00 AM');
    expect(figure('Redeemed today')).toBe('2');
    expect(figure('Redeemed this challenge')).toBe('250');
    expect(figure('Amount owed')).toBe('$1,250');
    expect(container.textContent).toContain('at most 40 coupons a day');
    const row = container.querySelector('tbody tr');
    expect([...row!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Nov 22, 9:05 AM',
      'Pass #12',
    ]);
    expect(container.textContent).not.toContain('Temporarily not accepting coupons');
  });

  it('says when redemptions are paused and shows the switch on', () => {
    show({ ...page, paused: true, recentRedemptions: [] });
    expect(container.textContent).toContain('Temporarily not accepting coupons');
    expect(container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).toBe(true);
    expect(container.textContent).toContain('No coupons redeemed here yet.');
  });
});

describe('codeHeading and shopTime', () => {
  it('name how long the code holds', () => {
    expect(codeHeading('off')).toBe('Redemption code');
    expect(codeHeading('daily')).toBe("Today's code");
    expect(codeHeading('hourly')).toBe("This hour's code");
  });

  it("show times on the shop's clock", () => {
    expect(shopTime('2026-11-22T15:05:00.000Z', 'America/Chicago')).toBe('9:05 AM');
    expect(shopTime('2026-11-22T15:05:00.000Z', 'Europe/Berlin', true)).toBe('Nov 22, 4:05 PM');
  });
});
