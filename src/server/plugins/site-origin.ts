/** The site's origin for links it hands out (payment returns, emails, shop links): PUBLIC_URL when set, else the request's own origin. */
export function siteOrigin(
  publicUrl: string | undefined,
  request: { protocol: string; host: string },
): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}
