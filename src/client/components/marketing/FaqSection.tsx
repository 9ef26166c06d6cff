import { Container, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { countOf } from '#shared/plural.ts';
import classes from './FaqSection.module.css';

const coupon = formatMoney(COUPON_VALUE_DOLLARS);

/** What the FAQ promises about voting follows the challenge's setting (docs/RULES.md rule 2). */
export function votingAnswer(votesPerShop: number | null): string {
  const earn = 'Each coupon you redeem earns one vote.';
  if (votesPerShop === null) {
    return `${earn} You can give your votes to any participating shop, as many times as you like.`;
  }
  if (votesPerShop === 1) {
    return `${earn} You can vote once per shop, but you can vote for as many different shops as you like.`;
  }
  return `${earn} You can vote up to ${votesPerShop} times per shop, and for as many different shops as you like.`;
}

/** How long the battle lasts, from its dates (docs/RULES.md rule 21); null without a battle. */
export function lengthAnswer(days: number | null): string {
  if (days === null) return 'Each challenge runs for a set period, shown on its page.';
  return `The challenge runs for about ${countOf(days, 'day')}. The countdown above shows exactly how much time is left.`;
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
  const items = [
    {
      question: 'How does the Battle Pass work?',
      answer: `Buy the pass once and it holds a ${coupon} coupon for every participating shop. At the shop, ask the cashier for the 4-digit code and redeem your coupon from your pass.`,
    },
    {
      question: 'Can I use a coupon more than once?',
      answer: `No. Each coupon can be used once per shop, so you get one ${coupon} credit at every participating shop.`,
    },
    { question: 'How does voting work?', answer: votingAnswer(votesPerShop) },
    {
      question: 'How long does the challenge last?',
      answer: lengthAnswer(days),
    },
    {
      question: 'Is there a limit on how many shops I can visit?',
      answer: 'No limit: visit every participating shop and redeem a coupon at each one.',
    },
    {
      question: 'What if the item I want has run out?',
      answer: `Your ${coupon} coupon applies to any purchase at the shop, so simply pick something else.`,
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
        Frequently Asked Questions
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
