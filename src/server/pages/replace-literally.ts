/**
 * `text` with its first `marker` replaced by `insertion`, taken as it is. String.replace would
 * read `$&`, `` $` `` and `$'` in the insertion as patterns: a page whose content holds them (a
 * shop's name, a checkout URL) would copy the page into itself, megabytes from a short request.
 */
export function replaceLiterally(text: string, marker: string, insertion: string): string {
  const at = text.indexOf(marker);
  return at === -1 ? text : text.slice(0, at) + insertion + text.slice(at + marker.length);
}
