import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '#shared/paths.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { NotFound } from './NotFound.tsx';

/**
 * Error boundary for pages: a page that crashed, or a page module that failed to download
 * (e.g. after a new deploy). It sits below the layout, so the header stays usable.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPage />;
}

function ErrorPage() {
  usePageMeta({ title: 'Something went wrong' });
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">This page could not be shown. Please reload the page or try again later.</Text>
        <Group justify="center">
          <Button
            onClick={() => {
              window.location.reload();
            }}
          >
            Reload Page
          </Button>
          <Button component={Link} to={paths.home} variant="default">
            Back to Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
