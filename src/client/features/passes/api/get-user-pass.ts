import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError } from '#client/lib/api.ts';
import { memberKey } from '#client/lib/query-client.ts';

/**
 * The signed-in member's pass for the active challenge. Its fields are not in the shared contract
 * yet (spec section 7: "pass response fields not shown"), so any JSON object counts as a pass.
 * Replace this with the shared pass schema once the pass API lands.
 */
const userPassSchema = z.looseObject({});
export type UserPass = z.infer<typeof userPassSchema>;

export const userPassQueryKey = (userId: number) => memberKey('pass', userId);

/** null when the member has no pass: a 404 answer means "none" and is not an error (spec section 4). */
export async function getUserPass(signal?: AbortSignal): Promise<UserPass | null> {
  try {
    return await api.get('/api/user/pass', { schema: userPassSchema, signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const userPassQueryOptions = (userId: number) =>
  queryOptions({ queryKey: userPassQueryKey(userId), queryFn: ({ signal }) => getUserPass(signal) });

/**
 * Whether the member holds a pass. Signed out (userId null) it does not ask at all. Any failure
 * counts as "no pass"; the header stays quiet about it (spec section 8).
 */
export function useHasPass(userId: number | null): boolean {
  const query = useQuery({ ...userPassQueryOptions(userId ?? 0), enabled: userId !== null });
  return userId !== null && query.isSuccess && query.data !== null;
}
