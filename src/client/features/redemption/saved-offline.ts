import { defineMessages, type IntlShape } from 'react-intl';

/** The words after a code is saved offline (docs/decisions/0042): never 'Redeemed'. */
export const savedOfflineWords = defineMessages({
  message: {
    id: 'savedOffline.message',
    defaultMessage: "Saved: it counts when you're back online",
  },
  /** A coupon with a code saved offline and not yet judged by the server. */
  badge: { id: 'savedOffline.badge', defaultMessage: 'Saved offline, not yet counted' },
});

/**
 * When the code was typed, in the phone's own time zone (it is the phone's own clock), in the
 * page's language.
 */
export function savedAtText(intl: IntlShape, enteredAt: string): string {
  return intl.formatMessage(
    { id: 'savedOffline.typedAt', defaultMessage: 'Typed {time}' },
    {
      time: intl.formatDate(new Date(enteredAt), {
        weekday: 'short',
        hour: 'numeric',
        minute: '2-digit',
      }),
    },
  );
}
