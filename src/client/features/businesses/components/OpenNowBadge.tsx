import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useHydrated } from '#client/lib/hydrated.ts';
import { openNow } from '../open-now.ts';

const MINUTE = 60 * 1000;

/**
 * 'Open now' / 'Closed now' from the shop's hours on the challenge's clock, rechecked every
 * minute; on the visitor's clock, so not in the server's HTML (useHydrated).
 */
export function OpenNowBadge({ hours, timeZone }: { hours: [string, string][]; timeZone: string }) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  if (!hydrated) return null;
  const status = openNow(hours, now, timeZone);
  if (status === 'unknown') return null;
  // White text on green-9 is 4.37:1, under WCAG AA's 4.5:1; on teal-9 5.00:1 (theme.test.ts).
  return status === 'open' ? (
    <Badge color="teal.9" variant="filled">
      Open now
    </Badge>
  ) : (
    <Badge color="gray.8" variant="filled">
      Closed now
    </Badge>
  );
}
