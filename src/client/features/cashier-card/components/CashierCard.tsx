import '@mantine/core/styles/SegmentedControl.css';
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconPrinter, IconScissors } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { defineMessages, type IntlShape } from 'react-intl';
import type { CodeRotation } from '#shared/shop-side.ts';
import { sourceIntl, useMessages } from '#client/i18n/language.tsx';
import classes from './cashier-card.module.css';

/** Paper sizes the card prints on; each is a CSS `@page` size. */
export const PAPER_SIZES = { A6: 'A6', A5: 'A5', Letter: 'letter' } as const;
type PaperSize = keyof typeof PAPER_SIZES;

type Rotating = Exclude<CodeRotation, 'off'>;

/** What the card says instead of a code that changes by itself: where the cashier reads it. */
export function rotatingCodeNotice(
  rotation: Rotating,
  intl: IntlShape = sourceIntl(),
): { step: string; where: string; how: string } {
  return {
    step: intl.formatMessage(
      {
        id: 'cashierCard.rotatingStep',
        defaultMessage:
          "{rotation, select, daily {Give them today's code from your shop page.} other {Give them this hour's code from your shop page.}}",
      },
      { rotation },
    ),
    where: intl.formatMessage(
      {
        id: 'cashierCard.rotatingWhere',
        defaultMessage:
          "{rotation, select, daily {Today's code is on your shop page} other {This hour's code is on your shop page}}",
      },
      { rotation },
    ),
    how: intl.formatMessage(
      {
        id: 'cashierCard.rotatingHow',
        defaultMessage:
          '{rotation, select, daily {Keep your shop page bookmarked on the till: the code changes every day.} other {Keep your shop page bookmarked on the till: the code changes every hour.}}',
      },
      { rotation },
    ),
  };
}

/** The card's words its pages share: their titles, loading and failure. */
export const cashierCardWords = defineMessages({
  pageTitle: { id: 'cashierCard.pageTitle', defaultMessage: 'Cashier Card' },
  loading: { id: 'cashierCard.loading', defaultMessage: 'Loading the cashier card' },
  loadFailed: { id: 'cashierCard.loadFailed', defaultMessage: 'Could not load the cashier card' },
});

/** Medium error correction survives a worn or smudged print; 384 px stays sharp at 12 rem. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, width: 384 } as const;

/** The QR code as a PNG data URL; null until it is drawn (the encoder loads with this page only). */
function useQrCode(text: string): string | null {
  const [drawn, setDrawn] = useState<{ text: string; dataUrl: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text, QR_OPTIONS))
      .then((dataUrl) => {
        if (current) setDrawn({ text, dataUrl });
      });
    return () => {
      current = false;
    };
  }, [text]);
  return drawn?.text === text ? drawn.dataUrl : null;
}

export interface CashierCardProps {
  shopName: string;
  challengeTitle: string;
  /** The static code the cashier gives; unused (never printed) while the code rotates. */
  code: string;
  rotation: CodeRotation;
  /** Where the QR code leads: the shop's public page with 'Redeem Coupon' open. Never the code. */
  redeemUrl: string;
}

/** The print-ready card by the till: who, what to do, the code (or where to find it), a QR code. */
export function CashierCard({
  shopName,
  challengeTitle,
  code,
  rotation,
  redeemUrl,
}: CashierCardProps) {
  const [paper, setPaper] = useState<PaperSize>('A6');
  const qr = useQrCode(redeemUrl);
  const paperLabelId = useId();
  const cutHintId = useId();
  const intl = useMessages();
  const rotating = rotation === 'off' ? null : rotatingCodeNotice(rotation, intl);
  const pageSize = `@page { size: ${PAPER_SIZES[paper]}; margin: 8mm; }`;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      {/* The printed page's size; applies only while this page is shown. */}
      <style>{pageSize}</style>
      <Group className={classes.screenOnly} justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Text fw={600} id={paperLabelId}>
            {intl.formatMessage({ id: 'cashierCard.paperSize', defaultMessage: 'Paper size' })}
          </Text>
          <SegmentedControl
            aria-labelledby={paperLabelId}
            data={Object.keys(PAPER_SIZES).map((size) => ({
              value: size,
              label:
                size === 'Letter'
                  ? intl.formatMessage({ id: 'cashierCard.letter', defaultMessage: 'Letter' })
                  : size,
            }))}
            value={paper}
            onChange={(value) => setPaper(value as PaperSize)}
          />
        </Stack>
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          {intl.formatMessage({ id: 'cashierCard.print', defaultMessage: 'Print' })}
        </Button>
      </Group>

      {/* On screen and on paper: the card is cut out of a larger sheet. */}
      <Text id={cutHintId} className={classes.cutHint} size="sm">
        <IconScissors size={16} aria-hidden />
        {intl.formatMessage({
          id: 'cashierCard.cutHint',
          defaultMessage: 'Cut along the dashed line',
        })}
      </Text>
      <article
        className={classes.card}
        aria-label={intl.formatMessage({ id: 'cashierCard.label', defaultMessage: 'Cashier card' })}
        aria-describedby={cutHintId}
      >
        <Stack gap="md" align="center">
          <Stack gap={2}>
            <Title order={1} fz={28} c="#000">
              {shopName}
            </Title>
            <Text fz="lg">{challengeTitle}</Text>
          </Stack>
          <ol className={classes.steps}>
            <li>
              {intl.formatMessage({
                id: 'cashierCard.askForPass',
                defaultMessage: "Ask for the member's Battle Pass.",
              })}
            </li>
            <li>
              {rotating
                ? rotating.step
                : intl.formatMessage({
                    id: 'cashierCard.giveCode',
                    defaultMessage: 'Give them the code below.',
                  })}
            </li>
            <li>
              {intl.formatMessage({
                id: 'cashierCard.theyEnterIt',
                defaultMessage: 'They enter it on their phone: done.',
              })}
            </li>
          </ol>
          {rotating ? (
            <Stack gap={4}>
              <Text fz="xl" fw={700}>
                {rotating.where}
              </Text>
              <Text>{rotating.how}</Text>
            </Stack>
          ) : (
            <Stack gap={0}>
              <Text fw={600}>
                {intl.formatMessage({
                  id: 'cashierCard.redemptionCode',
                  defaultMessage: 'Redemption code',
                })}
              </Text>
              <Text className={classes.code}>{code}</Text>
            </Stack>
          )}
          {qr && (
            <img
              className={classes.qr}
              src={qr}
              alt={intl.formatMessage(
                { id: 'cashierCard.qrAlt', defaultMessage: 'QR code: redeem a coupon at {shop}' },
                { shop: shopName },
              )}
            />
          )}
          <Text size="sm">
            {intl.formatMessage(
              {
                id: 'cashierCard.scanToOpen',
                defaultMessage: 'Members scan this to open {shop} on their phone.',
              },
              { shop: shopName },
            )}
          </Text>
        </Stack>
      </article>
    </Stack>
  );
}
