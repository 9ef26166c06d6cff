const englishPlurals = new Intl.PluralRules('en-US');

/**
 * A count with its noun in the right form: '1 vote', '2 votes', '0 coupons'. The irregular
 * plural is passed when adding 's' is wrong ('1 business', '3 businesses').
 */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${englishPlurals.select(count) === 'one' ? one : other}`;
}
