import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { useSiteOrigin } from '#client/lib/site-origin.ts';

export const INSTAGRAM_URL = 'https://www.instagram.com/';

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
  // Server-rendered pages carry the site's URL; elsewhere it arrives with the first answers.
  const links = shareLinks(
    (useSiteOrigin() ?? '') + paths.home,
    `Join ${title}: ${formatMoney(COUPON_VALUE_DOLLARS)} coupons at local shops and a vote for your favorite!`,
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
          Share the Battle
        </Title>
        <Text c="dimmed">Tell your friends and make it a crawl.</Text>
        <Group justify="center" gap="sm">
          <Button
            component="a"
            href={links.facebook}
            {...external}
            variant="default"
            leftSection={<IconBrandFacebook size={18} aria-hidden />}
          >
            Facebook
          </Button>
          <Button
            component="a"
            href={links.x}
            {...external}
            variant="default"
            leftSection={<IconBrandX size={18} aria-hidden />}
          >
            Twitter
          </Button>
          <Button
            component="a"
            href={links.email}
            variant="default"
            leftSection={<IconMail size={18} aria-hidden />}
          >
            Email
          </Button>
          <Button
            component="a"
            href={INSTAGRAM_URL}
            {...external}
            variant="default"
            leftSection={<IconBrandInstagram size={18} aria-hidden />}
          >
            Instagram
          </Button>
        </Group>
        {onSale && (
          <Button component={Link} to={paths.checkout} size="lg">
            Buy Your Pass Now
          </Button>
        )}
      </Stack>
    </Container>
  );
}
