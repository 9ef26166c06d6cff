import '@mantine/core/styles/Accordion.css';
import { Accordion, Container, Title } from '@mantine/core';

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

/** FAQ accordion (docs/SPEC.md section 2): one item open at a time, the first open at the start. */
export function FaqSection({ votesPerShop }: { votesPerShop: number | null }) {
  const items = [
    {
      question: 'How does the Battle Pass work?',
      answer:
        'Buy the pass once and it holds a $5 coupon for every participating shop. At the shop, ask the cashier for the 4-digit code and redeem your coupon from your pass.',
    },
    {
      question: 'Can I use a coupon more than once?',
      answer:
        'No. Each coupon can be used once per shop, so you get one $5 credit at every participating shop.',
    },
    { question: 'How does voting work?', answer: votingAnswer(votesPerShop) },
    {
      question: 'How long does the challenge last?',
      answer:
        'The challenge runs for about 30 days. The countdown above shows exactly how much time is left.',
    },
    {
      question: 'Is there a limit on how many shops I can visit?',
      answer: 'No limit: visit every participating shop and redeem a coupon at each one.',
    },
    {
      question: 'What if the item I want has run out?',
      answer: 'Your $5 coupon applies to any purchase at the shop, so simply pick something else.',
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
