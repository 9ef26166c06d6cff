/**
 * A count with its noun in the right form: '1 vote', '2 votes', '0 coupons'. The irregular
 * plural is passed when adding 's' is wrong ('1 business', '3 businesses'). English counts take
 * the singular for one alone (as `Intl.PluralRules('en-US')` says, whose first use costs a
 * phone's browser a long task loading its locale data before the page can hydrate).
 */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${Math.abs(count) === 1 ? one : other}`;
}
