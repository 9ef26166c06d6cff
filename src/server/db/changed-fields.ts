/**
 * The fields of `next` whose value differs from the stored row's (instants compared by time):
 * what a write would really change. A write left with none changes nothing, so it writes and
 * announces nothing (docs/SECURITY.md, 'Anyone emptying every instance's public cache').
 */
export function changedFields<Row extends object>(current: Row, next: Partial<Row>): Partial<Row> {
  const same = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : Object.is(a, b);
  return Object.fromEntries(
    Object.entries(next).filter(
      ([key, value]) => value !== undefined && !same(current[key as keyof Row], value),
    ),
  ) as Partial<Row>;
}
