import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useState } from 'react';
import type { IntlShape } from 'react-intl';
import { NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { ChallengeDto } from '#shared/challenges.ts';
import { formatMoney } from '#shared/money.ts';
import type { PromoCodeDto } from '#shared/promo-codes.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { fromWallClock } from '../zoned-time.ts';
import { useCreatePromoCode, usePromoCodes } from '../api/promo-codes.ts';
import {
  ChallengeCodesModal,
  CodesTable,
  CreateCodeFooter,
  expiresColumn,
  ExpiryInput,
} from './CodesList.tsx';

/**
 * /admin/challenges: a battle's promo codes (docs/decisions/0044), taken on the sandbox payment
 * page: percent or amount off, optional max uses and expiry (a wall-clock minute in the battle's
 * own time zone, rule 15), and each code's uses.
 */
export function PromoCodesDialog(props: { challenge: ChallengeDto | null; onClose: () => void }) {
  const intl = useMessages();
  return (
    <ChallengeCodesModal
      {...props}
      title={intl.formatMessage({ id: 'promoCodes.title', defaultMessage: 'Promo codes' })}
    >
      {(challenge) => <PromoCodes key={challenge.id} challenge={challenge} />}
    </ChallengeCodesModal>
  );
}

const discountOf = (promo: PromoCodeDto, intl: IntlShape) =>
  intl.formatMessage(
    { id: 'promoCodes.off', defaultMessage: '{discount} off' },
    {
      discount:
        promo.percentOff !== null
          ? `${promo.percentOff}%`
          : formatMoney((promo.amountOffCents ?? 0) / 100, { cents: true, locale: intl.locale }),
    },
  );

const numberOrNaN = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

function PromoCodes({ challenge }: { challenge: ChallengeDto }) {
  const promoCodes = usePromoCodes(challenge.id);
  const create = useCreatePromoCode(challenge.id);
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [off, setOff] = useState<number | string>(10);
  const [maxUses, setMaxUses] = useState<number | string>('');
  const [expiresAt, setExpiresAt] = useState('');
  const intl = useMessages();
  const percentOff = intl.formatMessage({
    id: 'promoCodes.percentOff',
    defaultMessage: 'Percent off',
  });

  return (
    <Stack gap="lg">
      <Text size="sm">
        {intl.formatMessage({
          id: 'promoCodes.intro',
          defaultMessage:
            'A promo code takes a percent or an amount off an order on the sandbox payment page. A use is counted when an order is paid with it.',
        })}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            {
              code: code.trim(),
              ...(kind === 'percent'
                ? { percentOff: numberOrNaN(off) }
                : { amountOffCents: Math.round(numberOrNaN(off) * 100) }),
              ...(maxUses === '' ? {} : { maxUses: numberOrNaN(maxUses) }),
              ...(expiresAt ? { expiresAt: fromWallClock(expiresAt, challenge.timeZone) } : {}),
            },
            {
              onSuccess: () => {
                setCode('');
                setMaxUses('');
                setExpiresAt('');
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={intl.formatMessage({ id: 'promoCodes.code', defaultMessage: 'Code' })}
            description={intl.formatMessage({
              id: 'promoCodes.codeHint',
              defaultMessage: 'Letters, digits and dashes, for example SPRING-20',
            })}
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <SegmentedControl
            aria-label={intl.formatMessage({
              id: 'promoCodes.kind',
              defaultMessage: 'Kind of discount',
            })}
            value={kind}
            onChange={(value) => setKind(value === 'amount' ? 'amount' : 'percent')}
            data={[
              { value: 'percent', label: percentOff },
              {
                value: 'amount',
                label: intl.formatMessage({
                  id: 'promoCodes.amountOff',
                  defaultMessage: 'Amount off',
                }),
              },
            ]}
          />
          <NumberInput
            label={
              kind === 'percent'
                ? percentOff
                : intl.formatMessage({
                    id: 'promoCodes.amountOffDollars',
                    defaultMessage: 'Amount off (dollars)',
                  })
            }
            required
            min={kind === 'percent' ? 1 : 0.01}
            max={kind === 'percent' ? 100 : undefined}
            decimalScale={kind === 'percent' ? 0 : 2}
            allowDecimal={kind === 'amount'}
            allowNegative={false}
            value={off}
            onChange={setOff}
          />
          <NumberInput
            label={intl.formatMessage({
              id: 'promoCodes.maxUses',
              defaultMessage: 'Max uses (optional)',
            })}
            description={intl.formatMessage({
              id: 'promoCodes.maxUsesHint',
              defaultMessage: 'How many orders may use it; left empty, no limit',
            })}
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={maxUses}
            onChange={setMaxUses}
          />
          <ExpiryInput timeZone={challenge.timeZone} value={expiresAt} onChange={setExpiresAt} />
          <CreateCodeFooter
            notCreated={intl.formatMessage({
              id: 'promoCodes.notCreated',
              defaultMessage: 'Promo code not created',
            })}
            createLabel={intl.formatMessage({
              id: 'promoCodes.create',
              defaultMessage: 'Create Promo Code',
            })}
            error={create.error}
            pending={create.isPending}
          />
        </Stack>
      </form>

      <CodesTable
        id="promo-codes-list"
        title={intl.formatMessage({
          id: 'promoCodes.listTitle',
          defaultMessage: 'Promo codes of this battle',
        })}
        words={{
          loading: intl.formatMessage({
            id: 'promoCodes.loading',
            defaultMessage: 'Loading promo codes…',
          }),
          loadFailed: intl.formatMessage({
            id: 'promoCodes.loadFailed',
            defaultMessage: 'Could not load the promo codes',
          }),
          none: intl.formatMessage({
            id: 'promoCodes.none',
            defaultMessage: 'No promo codes yet.',
          }),
        }}
        codes={promoCodes}
        columns={[
          {
            header: intl.formatMessage({ id: 'promoCodes.discount', defaultMessage: 'Discount' }),
            cell: (promo) => discountOf(promo, intl),
          },
          {
            header: intl.formatMessage({ id: 'promoCodes.uses', defaultMessage: 'Uses' }),
            cell: (promo) =>
              promo.maxUses === null ? `${promo.uses}` : `${promo.uses} / ${promo.maxUses}`,
          },
          expiresColumn(challenge.timeZone, intl),
        ]}
      />
    </Stack>
  );
}
