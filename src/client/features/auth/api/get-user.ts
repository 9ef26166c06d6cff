import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '#shared/auth.ts';
import { api, isApiError } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The signed-in account, or null when signed out (401 is an answer, not an error). */
export async function getUser(signal?: AbortSignal): Promise<PublicUser | null> {
  try {
    return await api.get<PublicUser>('/api/user', { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user, queryFn: ({ signal }) => getUser(signal) });

export interface UseUserResult {
  /** The signed-in account; null when signed out or when the check failed (docs/SPEC.md section 4). */
  user: PublicUser | null;
  /** True until the first answer (or failure) arrives. */
  isPending: boolean;
}

export function useUser(): UseUserResult {
  const query = useQuery(userQueryOptions());
  return { user: query.data ?? null, isPending: query.isPending };
}
