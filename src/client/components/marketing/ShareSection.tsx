import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { useSiteOrigin } from '#client/lib/site-origin.ts';
import { useMessages, usePageLanguage } from '#client/i18n/language.tsx';

export const INSTAGRAM_URL = 'https://www.instagram.com/';

/** The networks' own names, the same in every language (not catalog words). */
const BRAND_NAMES = { facebook: 'Facebook', x: 'Twitter', instagram: 'Instagram' } as const;

/** Share links for a page (Facebook, X, e-mail), built from its absolute URL. */
export function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://twitter.com/intent/tweet?text=${t}&url=${u}`,
    email: `mailto:?subject=${t}&body=${encodeURIComponent(`${text}\n\n${url}`)}`,
  };
}

/** 'Share the battle' (docs/SPEC.md section 2): Facebook, X/Twitter, e-mail, Instagram and the pass button. */
export function ShareSection({ title, onSale }: { title: string; onSale: boolean }) {
  const intl = useMessages();
  // The home in the page's own language: a Spanish reader shares the Spanish page.
  const { basename } = usePageLanguage();
  // Server-rendered pages carry the site's URL; elsewhere it arrives with the first answers.
  const links = shareLinks(
    (useSiteOrigin() ?? '') + basename + paths.home,
    intl.formatMessage(
      {
        id: 'share.text',
        defaultMessage:
          'Join {title}: {couponValue} coupons at local shops and a vote for your favorite!',
      },
      { title, couponValue: formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale }) },
    ),
  );
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <Container
      size="md"
      py={{ base: 'xl', sm: 60 }}
      component="section"
      aria-labelledby="share-title"
    >
      <Stack align="center" ta="center" gap="md">
        <Title order={2} id="share-title">
          {intl.formatMessage({ id: 'share.title', defaultMessage: 'Share the Battle' })}
        </Title>
        <Text c="dimmed">
          {intl.formatMessage({
            id: 'share.subtitle',
            defaultMessage: 'Tell your friends and make it a crawl.',
          })}
        </Text>
        <Group justify="center" gap="sm">
          <Button
            component="a"
            href={links.facebook}
            {...external}
            variant="default"
            leftSection={<IconBrandFacebook size={18} aria-hidden />}
          >
            {BRAND_NAMES.facebook}
          </Button>
          <Button
            component="a"
            href={links.x}
            {...external}
            variant="default"
            leftSection={<IconBrandX size={18} aria-hidden />}
          >
            {BRAND_NAMES.x}
          </Button>
          <Button
            component="a"
            href={links.email}
            variant="default"
            leftSection={<IconMail size={18} aria-hidden />}
          >
            {intl.formatMessage({ id: 'share.email', defaultMessage: 'Email' })}
          </Button>
          <Button
            component="a"
            href={INSTAGRAM_URL}
            {...external}
            variant="default"
            leftSection={<IconBrandInstagram size={18} aria-hidden />}
          >
            {BRAND_NAMES.instagram}
          </Button>
        </Group>
        {onSale && (
          <Button component={Link} to={paths.checkout} size="lg">
            {intl.formatMessage({ id: 'home.buyYourPassNow', defaultMessage: 'Buy Your Pass Now' })}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
