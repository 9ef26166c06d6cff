import type { FastifyRequest } from 'fastify';

/** The site's origin for links it hands out: PUBLIC_URL when set, else the request's own origin. */
export function siteOrigin(publicUrl: string | undefined, request: FastifyRequest): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}
