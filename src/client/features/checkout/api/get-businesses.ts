import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { publicBusinessSchema } from '#shared/businesses.ts';
import { api } from '#client/lib/api.ts';

/** The live shops of the active challenge, in display order. */
export const businessesQueryOptions = () =>
  queryOptions({
    queryKey: ['businesses'] as const,
    queryFn: ({ signal }) =>
      api.get('/api/businesses', { schema: z.array(publicBusinessSchema), signal }),
  });

export function useBusinesses(enabled = true) {
  return useQuery({ ...businessesQueryOptions(), enabled });
}
