/** The words after a code is saved offline (docs/decisions/0042): never 'Redeemed'. */
export const SAVED_OFFLINE_MESSAGE = "Saved: it counts when you're back online";

/** A coupon with a code saved offline and not yet judged by the server. */
export const SAVED_OFFLINE_BADGE = 'Saved offline, not yet counted';

const timeFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** When the code was typed, in the phone's own time zone (it is the phone's own clock). */
export function savedAtText(enteredAt: string): string {
  return `Typed ${timeFormat.format(new Date(enteredAt))}`;
}
