import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { ShopImportResult } from '#shared/shop-import.ts';
import { linesText } from '../lines-text.ts';
import { useMessages } from '#client/i18n/language.tsx';
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
  const intl = useMessages();
  return useMutation({
    mutationFn: importShops,
    onSuccess: async (result, { challengeId }) => {
      if (result.imported === 0) return;
      notifications.show({
        color: 'teal',
        title: intl.formatMessage({ id: 'importShops.imported', defaultMessage: 'Shops Imported' }),
        message: intl.formatMessage(
          {
            id: 'importShops.importedText',
            defaultMessage:
              '{count, plural, one {# shop was} other {# shops were}} added to the challenge.{skipped, select, none {} other { Left out: {skipped}.}}',
          },
          {
            count: result.imported,
            skipped:
              result.skipped.length > 0
                ? linesText(
                    result.skipped.map((row) => row.line),
                    intl,
                  )
                : 'none',
          },
        ),
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
        title: intl.formatMessage({
          id: 'importShops.failed',
          defaultMessage: 'Could not read the CSV',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'importShops.failedText',
            defaultMessage: 'Failed to import shops',
          }),
        ),
      });
    },
  });
}
