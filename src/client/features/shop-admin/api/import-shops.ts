import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { ShopImportResult } from '#shared/shop-import.ts';
import { countOf } from '#shared/plural.ts';
import { linesText } from '../lines-text.ts';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export interface ImportShopsVariables {
  challengeId: number;
  csv: string;
  /** false: check and preview only; true: import every row, or none when any row has errors. */
  commit: boolean;
  /** With commit: import the rows without errors and leave the others out. */
  validOnly?: boolean;
}

export function importShops({
  challengeId,
  csv,
  commit,
  validOnly = false,
}: ImportShopsVariables): Promise<ShopImportResult> {
  return api.post<ShopImportResult>(endpointPath(endpoints.importShops, { id: challengeId }), {
    body: { csv, commit, validOnly },
  });
}

/** Previews or imports a CSV of shops; an import that created shops refreshes both lists. */
export function useImportShops() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importShops,
    onSuccess: async (result, { challengeId }) => {
      if (result.imported === 0) return;
      notifications.show({
        color: 'teal',
        title: 'Shops Imported',
        message: `${countOf(result.imported, 'shop')} ${result.imported === 1 ? 'was' : 'were'} added to the challenge.${
          result.skipped.length > 0
            ? ` Left out: ${linesText(result.skipped.map((row) => row.line))}.`
            : ''
        }`,
      });
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.admin.challengeBusinesses(challengeId),
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.businesses }),
      ]);
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Could not read the CSV',
        message: errorText(error, 'Failed to import shops'),
      });
    },
  });
}
