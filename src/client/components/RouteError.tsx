import { Component, type ReactNode } from 'react';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useMessages } from '#client/i18n/language.tsx';

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
  const intl = useMessages();
  const title = intl.formatMessage({
    id: 'routeError.title',
    defaultMessage: 'Something went wrong',
  });
  usePageMeta({ title });
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">
          {intl.formatMessage({
            id: 'routeError.text',
            defaultMessage:
              'This page could not be shown. Please reload the page or try again later.',
          })}
        </Text>
        <Group justify="center">
          <Button
            onClick={() => {
              window.location.reload();
            }}
          >
            {intl.formatMessage({ id: 'routeError.reload', defaultMessage: 'Reload Page' })}
          </Button>
          <Button component={Link} to={paths.home} variant="default">
            {intl.formatMessage({ id: 'notFound.backHome', defaultMessage: 'Back to Home' })}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
