import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '#shared/config.ts';
import { api } from '#client/lib/api.ts';

export const configQueryKey = ['config'] as const;

export function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get('/api/config', { schema: publicConfigSchema, signal });
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: configQueryKey, queryFn: ({ signal }) => getConfig(signal) });

/** The deployment's settings; undefined until they arrive (testing tools stay hidden till then). */
export function useConfig(): PublicConfig | undefined {
  return useQuery(configQueryOptions()).data;
}
