import { describe, expect, it } from 'vitest';
import type { PublicBusiness } from '#shared/businesses.ts';
import { passStopsOf } from './member-progress.ts';

const shop = (id: number, name: string) => ({ id, name }) as PublicBusiness;
const coupon = (id: number, businessId: number, redeemed = false) => ({
  id,
  businessId,
  redeemed,
  redeemedAt: redeemed ? '2026-11-26T10:00:00.000Z' : null,
  enteredAt: null,
  syncedAt: null,
  offlineRefusal: null,
});

describe('passStopsOf', () => {
  it("joins each coupon to its shop from the public list, in the progress answer's order", () => {
    const stops = passStopsOf(
      [coupon(7, 2, true), coupon(8, 1)],
      [shop(1, 'First Pour'), shop(2, 'Crema')],
    );
    expect(stops.map((stop) => [stop.id, stop.business.name, stop.redeemed])).toEqual([
      [7, 'Crema', true],
      [8, 'First Pour', false],
    ]);
  });

  it('leaves out a coupon whose shop the list does not hold yet (the list is asked again)', () => {
    expect(passStopsOf([coupon(7, 2), coupon(8, 3)], [shop(2, 'Crema')])).toHaveLength(1);
  });
});
