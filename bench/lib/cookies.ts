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

/** Registers a member on a running server as the browser does: their id and cookies. */
export async function registeredMember(
  serverUrl: string,
  username: string,
): Promise<{ id: number; cookie: string }> {
  const registration = await fetch(`${serverUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: serverUrl },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      fullName: 'Bench Member',
      password: 'password123',
    }),
  });
  if (!registration.ok) throw new Error(`registration: ${String(registration.status)}`);
  const { id } = (await registration.json()) as { id: number };
  return { id, cookie: cookiesSetBy(registration) };
}
