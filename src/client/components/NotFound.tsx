import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** Any path without a page (DECISIONS: unknown paths). The server answers these with status 404. */
export function NotFound() {
  const intl = useMessages();
  const title = intl.formatMessage({ id: 'notFound.title', defaultMessage: '404 Page Not Found' });
  usePageMeta({
    title,
    description: intl.formatMessage({
      id: 'notFound.description',
      defaultMessage: 'This page does not exist.',
    }),
  });
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">
          {intl.formatMessage({
            id: 'notFound.text',
            defaultMessage: 'Sorry, the page you are looking for does not exist or has been moved.',
          })}
        </Text>
        <Button component={Link} to={paths.home}>
          {intl.formatMessage({ id: 'notFound.backHome', defaultMessage: 'Back to Home' })}
        </Button>
      </Stack>
    </Container>
  );
}
