import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import { useState } from 'react';
import { NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { ChallengeDto } from '#shared/challenges.ts';
import { fromWallClock } from '../zoned-time.ts';
import { useCreateVoucher, useVouchers } from '../api/vouchers.ts';
import {
  ChallengeCodesModal,
  CodesTable,
  CreateCodeFooter,
  expiresColumn,
  ExpiryInput,
} from './CodesList.tsx';

/**
 * /admin/challenges: a battle's free-pass codes (docs/RULES.md rule 24): make one for press,
 * judges or sponsors, and see each code's uses. Expiry is a wall-clock minute in the battle's
 * own time zone (rule 15), like its dates.
 */
export function VouchersDialog(props: { challenge: ChallengeDto | null; onClose: () => void }) {
  return (
    <ChallengeCodesModal {...props} title="Vouchers">
      {(challenge) => <Vouchers key={challenge.id} challenge={challenge} />}
    </ChallengeCodesModal>
  );
}

function Vouchers({ challenge }: { challenge: ChallengeDto }) {
  const vouchers = useVouchers(challenge.id);
  const create = useCreateVoucher(challenge.id);
  const [tag, setTag] = useState('');
  const [maxUses, setMaxUses] = useState<number | string>(1);
  const [expiresAt, setExpiresAt] = useState('');
  const [code, setCode] = useState('');

  return (
    <Stack gap="lg">
      <Text size="sm">
        Each code gives free passes with every shop&apos;s coupon, up to its number of uses.
        {challenge.voucherPassesVote
          ? ' In this battle they vote and enter draws like bought passes.'
          : ' In this battle they redeem coupons but do not vote or enter draws.'}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            {
              tag,
              maxUses: typeof maxUses === 'number' ? maxUses : Number.NaN,
              ...(code.trim() ? { code: code.trim() } : {}),
              ...(expiresAt ? { expiresAt: fromWallClock(expiresAt, challenge.timeZone) } : {}),
            },
            {
              onSuccess: () => {
                setTag('');
                setCode('');
                setExpiresAt('');
                setMaxUses(1);
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Tag"
            description="Who it is for: press, judge, sponsor"
            required
            value={tag}
            onChange={(event) => setTag(event.currentTarget.value)}
          />
          <NumberInput
            label="Max uses"
            description="How many people may redeem it"
            required
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={maxUses}
            onChange={setMaxUses}
          />
          <ExpiryInput timeZone={challenge.timeZone} value={expiresAt} onChange={setExpiresAt} />
          <TextInput
            label="Code (optional)"
            description="Letters, digits and dashes; left empty, one is made for you"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <CreateCodeFooter
            noun="Voucher"
            createLabel="Create Voucher"
            error={create.error}
            pending={create.isPending}
          />
        </Stack>
      </form>

      <CodesTable
        id="vouchers-list"
        title="Vouchers of this battle"
        plural="vouchers"
        codes={vouchers}
        columns={[
          { header: 'Tag', cell: (voucher) => voucher.tag },
          { header: 'Uses', cell: (voucher) => `${voucher.uses} / ${voucher.maxUses}` },
          expiresColumn(challenge.timeZone),
        ]}
      />
    </Stack>
  );
}
