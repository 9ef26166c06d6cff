import type { ReactNode } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';

/** Shell-stage page body: a heading and a line of text. Real pages replace their route module. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {children ?? <Text c="dimmed">This page is coming soon.</Text>}
      </Stack>
    </Container>
  );
}
