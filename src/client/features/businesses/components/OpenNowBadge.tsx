import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { CREDIT_GREEN } from '#client/components/ShopCard.tsx';
import { useHydrated } from '#client/lib/hydrated.ts';
import { useNow } from '#client/lib/use-now.ts';
import { openNow } from '../open-now.ts';

/**
 * 'Open now' / 'Closed now' from the shop's hours on the challenge's clock, rechecked every
 * minute; on the visitor's clock, so not in the server's HTML (useHydrated).
 */
export function OpenNowBadge({ hours, timeZone }: { hours: [string, string][]; timeZone: string }) {
  const hydrated = useHydrated();
  const now = useNow();
  if (!hydrated) return null;
  const status = openNow(hours, now, timeZone);
  if (status === 'unknown') return null;
  return status === 'open' ? (
    // Mantine's green.9 under white text is 4.4:1, short of WCAG AA; this green is 6.3:1.
    <Badge color={CREDIT_GREEN} variant="filled">
      Open now
    </Badge>
  ) : (
    <Badge color="gray.8" variant="filled">
      Closed now
    </Badge>
  );
}
