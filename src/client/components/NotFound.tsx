import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** Any path without a page (DECISIONS: unknown paths). The server answers these with status 404. */
export function NotFound() {
  usePageMeta({ title: '404 Page Not Found', description: 'This page does not exist.' });
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed">
          Sorry, the page you are looking for does not exist or has been moved.
        </Text>
        <Button component={Link} to={paths.home}>
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
