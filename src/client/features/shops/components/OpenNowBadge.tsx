import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { CREDIT_GREEN } from '#client/components/ShopCard.tsx';
import { useNow } from '#client/lib/use-now.ts';
import { nextOpening, openNow } from '#shared/hours.ts';
import { useMessages } from '#client/i18n/language.tsx';

/**
 * 'Open now' / 'Closed now · Opens 6:30 AM' from the shop's hours on the challenge's clock,
 * rechecked every minute; in the server's HTML as at the instant it was drawn
 * (#client/lib/drawn-at.ts).
 */
export function OpenNowBadge({ hours, timeZone }: { hours: [string, string][]; timeZone: string }) {
  const now = useNow();
  const intl = useMessages();
  const status = openNow(hours, now, timeZone);
  if (status === 'unknown') return null;
  return status === 'open' ? (
    // Mantine's green.9 under white text is 4.4:1, short of WCAG AA; this green is 6.3:1.
    <Badge color={CREDIT_GREEN} variant="filled">
      {intl.formatMessage({ id: 'shops.openNow', defaultMessage: 'Open now' })}
    </Badge>
  ) : (
    <Badge color="gray.8" variant="filled">
      {[
        intl.formatMessage({ id: 'shops.closedNow', defaultMessage: 'Closed now' }),
        nextOpening(hours, now, timeZone, intl),
      ]
        .filter(Boolean)
        .join(' · ')}
    </Badge>
  );
}
