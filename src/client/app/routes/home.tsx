import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CHALLENGE_DATES_LABEL, FALLBACK_CHALLENGE_TITLE } from '#shared/constants.ts';
import { paths } from '#shared/paths.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** / : home of the active challenge (spec section 2). Shell stage: the hero heading only. */
export default function HomeRoute() {
  usePageMeta();
  return (
    <Container size="lg" py={{ base: 'xl', sm: 60 }}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{FALLBACK_CHALLENGE_TITLE}</Title>
        <Text size="lg" c="dimmed">
          {CHALLENGE_DATES_LABEL}
        </Text>
        <Button component={Link} to={paths.checkout} size="md">
          Buy Battle Pass
        </Button>
      </Stack>
    </Container>
  );
}
