import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PassDto } from '#shared/passes.ts';
import { api, isApiError } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

/** The signed-in member's pass for the active challenge (active, or switched off with a reason). */
export type UserPass = PassDto;

/** null when the member has no pass: a 404 answer means "none" and is not an error (docs/SPEC.md section 4). */
export async function getUserPass(signal?: AbortSignal): Promise<UserPass | null> {
  try {
    return await api.get<UserPass>(endpoints.userPass.path, { signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const userPassQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.member.pass(userId),
    queryFn: ({ signal }) => getUserPass(signal),
  });

/** The member's pass (null: none). Signed out (userId null) it does not ask at all. */
export function useUserPass(userId: number | null) {
  return useQuery({ ...userPassQueryOptions(userId ?? 0), enabled: userId !== null });
}

/**
 * Whether the member holds a pass. Any failure counts as "no pass"; the header stays quiet
 * about it (docs/SPEC.md section 8).
 */
export function useHasPass(userId: number | null): boolean {
  const query = useUserPass(userId);
  return userId !== null && query.isSuccess && query.data !== null;
}
