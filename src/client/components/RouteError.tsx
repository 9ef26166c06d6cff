import { Component, type ReactNode } from 'react';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

interface RouteErrorProps {
  /** The page's path: moving to another page clears the error. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Error boundary for pages: a page that crashed, or a page module that failed to download
 * (e.g. after a new deploy). It sits below the layout, so the header stays usable.
 */
export class RouteError extends Component<RouteErrorProps, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: RouteErrorProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}

function ErrorPage() {
  usePageMeta({ title: 'Something went wrong' });
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">
          This page could not be shown. Please reload the page or try again later.
        </Text>
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
