/**
 * The Cookie header a browser would send after this answer: every cookie it set, by name (the
 * session and the signed-in hint beside it, src/shared/signed-in-hint.ts).
 */
export function cookiesSetBy(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0]!.trim())
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}
