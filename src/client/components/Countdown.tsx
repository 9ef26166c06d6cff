import '@mantine/core/styles/SimpleGrid.css';
import { useEffect, useState } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useHydrated } from '#client/lib/hydrated.ts';
import {
  COUNTDOWN_PLACEHOLDER,
  COUNTDOWN_TARGET_ATTRIBUTE,
  COUNTDOWN_UNIT_ATTRIBUTE,
} from '#client/lib/live-parts.ts';
import { COUNTDOWN_TICK_MS, countdownDigits, timeLeft } from '#client/lib/time-left.ts';
import { useMessages } from '#client/i18n/language.tsx';

function useNow(intervalMs: number, stopAt: Date): Date {
  const [now, setNow] = useState(() => new Date());
  const over = now >= stopAt;
  useEffect(() => {
    if (over) return undefined;
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, over]);
  return now;
}

export interface CountdownProps {
  /** The instant counted down to. */
  target: string;
  title: string;
  text: string;
}

/**
 * Days, hours, minutes and seconds to `target`: 'Time Left to Participate' to the end
 * (docs/SPEC.md section 2), or 'Starts in' to the start. Ticks every second, then stays at zeros.
 * Before the web app runs, the public pages' script ticks it (its marks: #client/lib/live-parts.ts).
 */
export function Countdown({ target, title, text }: CountdownProps) {
  const end = new Date(target);
  const left = timeLeft(end, useNow(COUNTDOWN_TICK_MS, end));
  const hydrated = useHydrated();
  const intl = useMessages();
  const units = [
    [intl.formatMessage({ id: 'countdown.days', defaultMessage: 'Days' }), 'days'],
    [intl.formatMessage({ id: 'countdown.hours', defaultMessage: 'Hours' }), 'hours'],
    [intl.formatMessage({ id: 'countdown.minutes', defaultMessage: 'Minutes' }), 'minutes'],
    [intl.formatMessage({ id: 'countdown.seconds', defaultMessage: 'Seconds' }), 'seconds'],
  ] as const;
  return (
    <Stack gap="sm" align="center" ta="center">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{text}</Text>
      <SimpleGrid
        cols={4}
        spacing="xs"
        w="100%"
        maw={480}
        role="timer"
        aria-live="off"
        {...{ [COUNTDOWN_TARGET_ATTRIBUTE]: target }}
      >
        {units.map(([label, unit]) => (
          <Paper key={label} withBorder p="sm" radius="md">
            <Text
              fz={{ base: 28, sm: 36 }}
              fw={800}
              c="coffee.8"
              lh={1.1}
              {...{ [COUNTDOWN_UNIT_ATTRIBUTE]: unit }}
            >
              {hydrated ? countdownDigits(left[unit]) : COUNTDOWN_PLACEHOLDER}
            </Text>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
