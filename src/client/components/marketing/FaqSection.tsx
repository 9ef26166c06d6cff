import '@mantine/core/styles/Accordion.css';
import { Accordion, Container, Title } from '@mantine/core';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { countOf } from '#shared/plural.ts';

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

/** FAQ accordion (docs/SPEC.md section 2): one item open at a time, the first open at the start. */
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
      aria-labelledby="faq-title"
    >
      <Title order={2} ta="center" mb="lg" id="faq-title">
        Frequently Asked Questions
      </Title>
      <Accordion variant="separated" defaultValue="faq-0">
        {items.map(({ question, answer }, index) => (
          <Accordion.Item key={question} value={`faq-${index}`}>
            <Accordion.Control>{question}</Accordion.Control>
            <Accordion.Panel>{answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Container>
  );
}
