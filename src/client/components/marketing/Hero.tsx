import type { ReactNode } from 'react';
import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';

export interface HeroProps {
  title: string;
  subtitle: ReactNode;
  /** Buttons; on the dark background use variant 'white' or an outline in white. */
  actions: ReactNode;
  /** From the sm breakpoint up; a phone's hero is as tall as its content. */
  minHeight?: number;
}

/** The dark coffee banner at the top of the home and battle pages (white text on coffee-9: 11:1). */
export function Hero({ title, subtitle, actions, minHeight }: HeroProps) {
  return (
    <Box
      component="section"
      bg="coffee.9"
      c="white"
      py={{ base: 48, sm: 80 }}
      mih={minHeight === undefined ? undefined : { base: 'auto', sm: minHeight }}
      display="flex"
      style={{
        alignItems: 'center',
        backgroundImage: 'linear-gradient(135deg, #55341a 0%, #3d2411 100%)',
      }}
    >
      <Container size="lg" w="100%">
        <Stack gap="md" align="flex-start" maw={720}>
          <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1}>
            {title}
          </Title>
          <Text fz={{ base: 'lg', sm: 'xl' }} c="coffee.1">
            {subtitle}
          </Text>
          <Group gap="sm" mt="sm">
            {actions}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
