import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/ThemeIcon.css';
import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconThumbUp, IconTicket } from '@tabler/icons-react';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** The three steps of docs/SPEC.md section 2 (home and battle pages). */
export function HowItWorks({ id = 'how-it-works' }: { id?: string }) {
  const intl = useMessages();
  const steps = [
    {
      icon: IconTicket,
      title: intl.formatMessage({
        id: 'howItWorks.buyTitle',
        defaultMessage: '1. Buy the Battle Pass',
      }),
      text: intl.formatMessage({
        id: 'howItWorks.buyText',
        defaultMessage: 'Get your digital pass with a coupon for every participating shop.',
      }),
    },
    {
      icon: IconBuildingStore,
      title: intl.formatMessage({
        id: 'howItWorks.visitTitle',
        defaultMessage: '2. Visit and Redeem',
      }),
      text: intl.formatMessage(
        {
          id: 'howItWorks.visitText',
          defaultMessage:
            'Visit each shop and ask the cashier for the 4-digit code to redeem your {couponValue} coupon.',
        },
        { couponValue: formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale }) },
      ),
    },
    {
      icon: IconThumbUp,
      title: intl.formatMessage({ id: 'howItWorks.voteTitle', defaultMessage: '3. Vote and Win' }),
      text: intl.formatMessage({
        id: 'howItWorks.voteText',
        defaultMessage:
          'Every redeemed coupon earns a vote. Vote for your favorites and help crown the best shop in town.',
      }),
    },
  ];
  return (
    <Container
      size="lg"
      py={{ base: 'xl', sm: 60 }}
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
    >
      <Title order={2} ta="center" id={`${id}-title`} mb="xl">
        {intl.formatMessage({ id: 'howItWorks.title', defaultMessage: 'How It Works' })}
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
