import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser, SessionBody } from '#shared/auth.ts';
import { api, isApiError } from '#client/lib/api.ts';
import { useAccountDrawable } from '#client/lib/hydrated.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * The signed-in account, or null when signed out. Asked of /api/session, which answers 200 either
 * way, so a signed-out page logs no failed request (docs/decisions/0018).
 */
export async function getUser(signal?: AbortSignal): Promise<PublicUser | null> {
  return (await api.get<SessionBody>(endpoints.session.path, { signal })).user;
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user, queryFn: ({ signal }) => getUser(signal) });

export interface UseUserResult {
  /** The signed-in account; null when signed out or when the check failed (docs/SPEC.md section 4). */
  user: PublicUser | null;
  /** True until the first answer (or failure) arrives. */
  isPending: boolean;
  /**
   * The check could not reach the server and no earlier answer was kept: who is signed in is
   * unknown, so pages say they need the network instead of offering the sign-in form.
   */
  unreachable: boolean;
}

/**
 * While a server-rendered part of the page hydrates, the account counts as unknown, as it was
 * on the server (which renders public pages without the visitor's account): a lazily loaded page
 * may hydrate after the account's answer arrived, and drawing it then would not match the
 * server's HTML. A page the server drew with the account (`AccountInHtml`) has it from the start.
 */
export function useUser(): UseUserResult {
  const query = useQuery(userQueryOptions());
  const drawable = useAccountDrawable();
  if (!drawable) return { user: null, isPending: true, unreachable: false };
  return {
    user: query.data ?? null,
    isPending: query.isPending,
    unreachable: query.isError && !isApiError(query.error),
  };
}
