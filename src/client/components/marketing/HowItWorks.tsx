import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/ThemeIcon.css';
import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconThumbUp, IconTicket } from '@tabler/icons-react';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';

const steps = [
  {
    icon: IconTicket,
    title: '1. Buy the Battle Pass',
    text: 'Get your digital pass with a coupon for every participating shop.',
  },
  {
    icon: IconBuildingStore,
    title: '2. Visit and Redeem',
    text: `Visit each shop and ask the cashier for the 4-digit code to redeem your ${formatMoney(COUPON_VALUE_DOLLARS)} coupon.`,
  },
  {
    icon: IconThumbUp,
    title: '3. Vote and Win',
    text: 'Every redeemed coupon earns a vote. Vote for your favorites and help crown the best shop in town.',
  },
];

/** The three steps of docs/SPEC.md section 2 (home and battle pages). */
export function HowItWorks({ id = 'how-it-works' }: { id?: string }) {
  return (
    <Container
      size="lg"
      py={{ base: 'xl', sm: 60 }}
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
    >
      <Title order={2} ta="center" id={`${id}-title`} mb="xl">
        How It Works
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
        {steps.map(({ icon: Icon, title, text }) => (
          <Stack key={title} align="center" ta="center" gap="sm">
            <ThemeIcon size={56} radius="xl" variant="light">
              <Icon size={30} aria-hidden />
            </ThemeIcon>
            <Title order={3} fz="lg">
              {title}
            </Title>
            <Text c="dimmed">{text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}
