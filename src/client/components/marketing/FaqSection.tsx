import { Container, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import type { IntlShape } from 'react-intl';
import { sourceIntl, useMessages } from '#client/i18n/language.tsx';
import classes from './FaqSection.module.css';

/** What the FAQ promises about voting follows the challenge's setting (docs/RULES.md rule 2). */
export function votingAnswer(votesPerShop: number | null, intl: IntlShape = sourceIntl()): string {
  return intl.formatMessage(
    {
      id: 'faq.votingAnswer',
      defaultMessage:
        'Each coupon you redeem earns one vote. {limit, select, unlimited {You can give your votes to any participating shop, as many times as you like.} one {You can vote once per shop, but you can vote for as many different shops as you like.} other {You can vote up to {votesPerShop} times per shop, and for as many different shops as you like.}}',
    },
    {
      limit: votesPerShop === null ? 'unlimited' : votesPerShop === 1 ? 'one' : 'other',
      votesPerShop: votesPerShop ?? 0,
    },
  );
}

/** How long the battle lasts, from its dates (docs/RULES.md rule 21); null without a battle. */
export function lengthAnswer(days: number | null, intl: IntlShape = sourceIntl()): string {
  if (days === null) {
    return intl.formatMessage({
      id: 'faq.lengthUnknown',
      defaultMessage: 'Each challenge runs for a set period, shown on its page.',
    });
  }
  return intl.formatMessage(
    {
      id: 'faq.lengthAnswer',
      defaultMessage:
        'The challenge runs for about {days, plural, one {# day} other {# days}}. The countdown above shows exactly how much time is left.',
    },
    { days },
  );
}

/**
 * FAQ accordion (docs/SPEC.md section 2): one item open at a time, the first open at the start.
 * Details elements sharing one name do both without script, so the page's server HTML works
 * before (or without) the app.
 */
export function FaqSection({
  votesPerShop,
  days,
}: {
  votesPerShop: number | null;
  /** The battle's length in days (challengeDays), null without a battle. */
  days: number | null;
}) {
  const intl = useMessages();
  const coupon = formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale });
  const items = [
    {
      question: intl.formatMessage({
        id: 'faq.passQuestion',
        defaultMessage: 'How does the Battle Pass work?',
      }),
      answer: intl.formatMessage(
        {
          id: 'faq.passAnswer',
          defaultMessage:
            'Buy the pass once and it holds a {coupon} coupon for every participating shop. At the shop, ask the cashier for the 4-digit code and redeem your coupon from your pass.',
        },
        { coupon },
      ),
    },
    {
      question: intl.formatMessage({
        id: 'faq.onceQuestion',
        defaultMessage: 'Can I use a coupon more than once?',
      }),
      answer: intl.formatMessage(
        {
          id: 'faq.onceAnswer',
          defaultMessage:
            'No. Each coupon can be used once per shop, so you get one {coupon} credit at every participating shop.',
        },
        { coupon },
      ),
    },
    {
      question: intl.formatMessage({
        id: 'faq.votingQuestion',
        defaultMessage: 'How does voting work?',
      }),
      answer: votingAnswer(votesPerShop, intl),
    },
    {
      question: intl.formatMessage({
        id: 'faq.lengthQuestion',
        defaultMessage: 'How long does the challenge last?',
      }),
      answer: lengthAnswer(days, intl),
    },
    {
      question: intl.formatMessage({
        id: 'faq.limitQuestion',
        defaultMessage: 'Is there a limit on how many shops I can visit?',
      }),
      answer: intl.formatMessage({
        id: 'faq.limitAnswer',
        defaultMessage: 'No limit: visit every participating shop and redeem a coupon at each one.',
      }),
    },
    {
      question: intl.formatMessage({
        id: 'faq.runOutQuestion',
        defaultMessage: 'What if the item I want has run out?',
      }),
      answer: intl.formatMessage(
        {
          id: 'faq.runOutAnswer',
          defaultMessage:
            'Your {coupon} coupon applies to any purchase at the shop, so simply pick something else.',
        },
        { coupon },
      ),
    },
  ];
  return (
    <Container
      size="md"
      py={{ base: 'xl', sm: 60 }}
      component="section"
      id="faq"
      aria-labelledby="faq-title"
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={2} ta="center" mb="lg" id="faq-title">
        {intl.formatMessage({ id: 'faq.title', defaultMessage: 'Frequently Asked Questions' })}
      </Title>
      {items.map(({ question, answer }, index) => (
        <details key={question} name="faq" open={index === 0} className={classes.item}>
          <summary className={classes.question}>
            <span>{question}</span>
            <IconChevronDown className={classes.chevron} size={16} aria-hidden />
          </summary>
          <p className={classes.answer}>{answer}</p>
        </details>
      ))}
    </Container>
  );
}
