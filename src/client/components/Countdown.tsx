import '@mantine/core/styles/SimpleGrid.css';
import { useEffect, useState } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useHydrated } from '#client/lib/hydrated.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole days, hours, minutes and seconds until `end`; all zero once it has passed (docs/RULES.md rule 11). */
export function timeLeft(end: Date, now: Date) {
  const ms = Math.max(0, end.getTime() - now.getTime());
  return {
    days: Math.floor(ms / DAY),
    hours: Math.floor((ms % DAY) / HOUR),
    minutes: Math.floor((ms % HOUR) / MINUTE),
    seconds: Math.floor((ms % MINUTE) / SECOND),
  };
}

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
 */
export function Countdown({ target, title, text }: CountdownProps) {
  const end = new Date(target);
  const left = timeLeft(end, useNow(SECOND, end));
  const hydrated = useHydrated();
  const units = [
    ['Days', left.days],
    ['Hours', left.hours],
    ['Minutes', left.minutes],
    ['Seconds', left.seconds],
  ] as const;
  return (
    <Stack gap="sm" align="center" ta="center">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{text}</Text>
      <SimpleGrid cols={4} spacing="xs" w="100%" maw={480} role="timer" aria-live="off">
        {units.map(([label, value]) => (
          <Paper key={label} withBorder p="sm" radius="md">
            <Text fz={{ base: 28, sm: 36 }} fw={800} c="coffee.8" lh={1.1}>
              {hydrated ? String(value).padStart(2, '0') : '--'}
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
