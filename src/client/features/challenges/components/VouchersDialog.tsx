import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import { useState } from 'react';
import { NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { ChallengeDto } from '#shared/challenges.ts';
import { useMessages } from '#client/i18n/language.tsx';
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
  const intl = useMessages();
  return (
    <ChallengeCodesModal
      {...props}
      title={intl.formatMessage({ id: 'vouchers.title', defaultMessage: 'Vouchers' })}
    >
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
  const intl = useMessages();

  return (
    <Stack gap="lg">
      <Text size="sm">
        {intl.formatMessage(
          {
            id: 'vouchers.intro',
            defaultMessage:
              "Each code gives free passes with every shop's coupon, up to its number of uses. {votes, select, yes {In this battle they vote and enter draws like bought passes.} other {In this battle they redeem coupons but do not vote or enter draws.}}",
          },
          { votes: challenge.voucherPassesVote ? 'yes' : 'no' },
        )}
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
            label={intl.formatMessage({ id: 'vouchers.tag', defaultMessage: 'Tag' })}
            description={intl.formatMessage({
              id: 'vouchers.tagHint',
              defaultMessage: 'Who it is for: press, judge, sponsor',
            })}
            required
            value={tag}
            onChange={(event) => setTag(event.currentTarget.value)}
          />
          <NumberInput
            label={intl.formatMessage({ id: 'vouchers.maxUses', defaultMessage: 'Max uses' })}
            description={intl.formatMessage({
              id: 'vouchers.maxUsesHint',
              defaultMessage: 'How many people may redeem it',
            })}
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
            label={intl.formatMessage({ id: 'vouchers.code', defaultMessage: 'Code (optional)' })}
            description={intl.formatMessage({
              id: 'vouchers.codeHint',
              defaultMessage: 'Letters, digits and dashes; left empty, one is made for you',
            })}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <CreateCodeFooter
            notCreated={intl.formatMessage({
              id: 'vouchers.notCreated',
              defaultMessage: 'Voucher not created',
            })}
            createLabel={intl.formatMessage({
              id: 'vouchers.create',
              defaultMessage: 'Create Voucher',
            })}
            error={create.error}
            pending={create.isPending}
          />
        </Stack>
      </form>

      <CodesTable
        id="vouchers-list"
        title={intl.formatMessage({
          id: 'vouchers.listTitle',
          defaultMessage: 'Vouchers of this battle',
        })}
        words={{
          loading: intl.formatMessage({
            id: 'vouchers.loading',
            defaultMessage: 'Loading vouchers…',
          }),
          loadFailed: intl.formatMessage({
            id: 'vouchers.loadFailed',
            defaultMessage: 'Could not load the vouchers',
          }),
          none: intl.formatMessage({ id: 'vouchers.none', defaultMessage: 'No vouchers yet.' }),
        }}
        codes={vouchers}
        columns={[
          {
            header: intl.formatMessage({ id: 'vouchers.tagColumn', defaultMessage: 'Tag' }),
            cell: (voucher) => voucher.tag,
          },
          {
            header: intl.formatMessage({ id: 'vouchers.uses', defaultMessage: 'Uses' }),
            cell: (voucher) => `${voucher.uses} / ${voucher.maxUses}`,
          },
          expiresColumn(challenge.timeZone, intl),
        ]}
      />
    </Stack>
  );
}
