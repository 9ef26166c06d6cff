import { describe, expect, it } from 'vitest';
import { payoutVoidSchema } from '#shared/settlement.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { payoutFormSchema } from './PayoutDialog.tsx';

describe('the payout forms', () => {
  const payoutErrors = zodResolver(payoutFormSchema(120));

  it("takes a whole amount up to what is owed, with the contract's messages", () => {
    expect(payoutErrors({ amountDollars: 120, note: '' })).toEqual({});
    expect(payoutErrors({ amountDollars: '', note: '' })).toEqual({
      amountDollars: 'Amount must be a whole number of dollars',
    });
    expect(payoutErrors({ amountDollars: 12.5, note: '' })).toEqual({
      amountDollars: 'Amount must be a whole number of dollars',
    });
    expect(payoutErrors({ amountDollars: 121, note: '' })).toEqual({
      amountDollars: 'At most $120: that is what is owed now.',
    });
  });

  it('asks for a reason to void', () => {
    expect(zodResolver(payoutVoidSchema)({ reason: ' ' })).toEqual({
      reason: 'Give a reason for voiding the payout',
    });
    expect(zodResolver(payoutVoidSchema)({ reason: 'Bounced' })).toEqual({});
  });
});
