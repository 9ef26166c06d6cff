// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicBusiness } from '#shared/businesses.ts';
import type { PassStop } from '#client/lib/member-progress.ts';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';
import { PassCoupons } from './PassCoupons.tsx';

const stop = (id: number): PassStop => ({
  id,
  businessId: id,
  redeemed: false,
  redeemedAt: null,
  enteredAt: null,
  syncedAt: null,
  offlineRefusal: null,
  business: {
    id,
    challengeId: 1,
    name: `Shop ${id}`,
    description: 'Coffee.',
    longDescription: null,
    address: `${id} Main St`,
    phone: null,
    website: null,
    imageUrl: null,
    hours: null,
    specialties: null,
    position: id,
    paused: false,
    latitude: null,
    longitude: null,
  } satisfies PublicBusiness,
});

const view = reactRootPerTest();
/** Listeners the page holds on the reduced-motion preference (each Mantine transition has one). */
let motionListeners = 0;
beforeEach(() => {
  motionListeners = 0;
  const matchMedia = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const list = matchMedia(query);
    if (query.includes('prefers-reduced-motion')) {
      const add = list.addEventListener.bind(list);
      list.addEventListener = ((...args: Parameters<typeof add>) => {
        motionListeners += 1;
        add(...args);
      }) as typeof list.addEventListener;
    }
    return list;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function show(coupons: PassStop[]) {
  act(() => {
    view.root.render(
      <MantineProvider>
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}
        >
          <MemoryRouter>
            <PassCoupons coupons={coupons} moment="redeemable" />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
}

const buttons = (name: string) =>
  [...view.container.querySelectorAll('button')].filter((button) => button.textContent === name);

describe('PassCoupons', () => {
  it('mounts no coupon dialog before one is opened, however many shops the pass holds', () => {
    show(Array.from({ length: 12 }, (_, index) => stop(index + 1)));
    expect(buttons('Redeem Coupon')).toHaveLength(12);
    const withoutDialogs = motionListeners;
    // Three closed dialogs per card held 6 listeners each card: here at most the page's own few.
    expect(withoutDialogs).toBeLessThan(12);

    act(() => buttons('Redeem Coupon')[0]!.click());
    expect(document.body.textContent).toContain('Ask the cashier at');
    expect(motionListeners - withoutDialogs).toBeGreaterThan(0);
    expect(motionListeners).toBeLessThan(12 + withoutDialogs);
  });
});
